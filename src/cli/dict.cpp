// kinrow dict: strategy dictionaries (O'Dwyer) — verify, convert, compress.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "dictionary/compress.h"
#include "dictionary/dictionary_verifier.h"
#include "games/families.h"
#include "proof/certificate.h"

namespace kinrow::cli {

const CommandSpec kDictSpec = {
    "dict",
    "verify|convert|compress SPEC FILE [options]",
    "Strategy dictionaries: verify one exhaustively, convert or compress it.",
    "A dictionary maps positions the holder can reach to its move (O'Dwyer's Qubic oracle post;\n"
    "docs/dictionaries.md, docs/bibliography.md).\n"
    "Two notations are read, detected from the text: run-length lines \"xo1x8x8o41o 41\" (Thompson's\n"
    "form of Patashnik's Qubic dictionary, with its preamble) and one character per cell, with the\n"
    "move in upper case and upper-case opponent letters for alternatives (O'Dwyer). Positions are\n"
    "looked up under the game's whole symmetry group.\n\n"
    "verify   plays the dictionary for --player from the empty board against every reply and\n"
    "         reports the positions checked, which rule decided them, entries never reached, and\n"
    "         the first position it fails to cover (or loses, or draws). --rules adds the obvious\n"
    "         moves of Patashnik's program: win (complete a line), block (the opponent's single\n"
    "         immediate win), forced (a win by continuous threats), tried in that order with the\n"
    "         dictionary between block and forced. Exit 0 when it wins every game, 1 when not.\n"
    "convert  writes the entries in the other notation (--to), one position per line: this also\n"
    "         expands a compressed dictionary.\n"
    "compress merges entries into the alternatives notation, as few lines as it can find;\n"
    "         --symmetry lets each entry be replaced by a symmetric image first.\n\n"
    "examples:\n"
    "  kinrow dict verify qubic patashnik-qubic.dictionary --rules patashnik\n"
    "  kinrow dict verify qubic patashnik-qubic.dictionary --rules patashnik --play-out\n"
    "  kinrow dict verify mnk:4x4x3 twelve-line-3-in-a-row-4x4.txt\n"
    "  kinrow dict verify animal:4x4:l-tetromino,maker-breaker oracle.l-tetromino-b4-m4.txt --within 4\n"
    "  kinrow dict verify qubic patashnik-qubic.dictionary --rules patashnik --complete full.txt\n"
    "  kinrow dict convert qubic patashnik-qubic.dictionary --to cells --output qubic.cells\n"
    "  kinrow dict compress qubic patashnik-qubic.dictionary --output qubic.compressed",
    {
        {"player", "1|2", "the dictionary's side (default 1: the first player, x)"},
        {"rules", "LIST", "obvious moves allowed: none (default), patashnik, or a list of win,block,forced"},
        {"play-out", "", "verify: play forced wins out against every reply instead of ending the branch"},
        {"within", "M", "verify: the holder must complete a line with at most M of its stones"},
        {"prune", "FILE", "verify: write the entries that were reached, in the input's notation"},
        {"complete", "FILE", "verify: write every position where the move is not obvious (needs no rule but win/block)"},
        {"certificate", "FILE", "verify: write the strategy as a certificate for kinrow verify"},
        {"to", "NOTATION", "convert: cells or run-length"},
        {"symmetry", "", "compress: entries may be replaced by symmetric images"},
        {"output", "FILE", "convert/compress: write here instead of stdout"},
        {"json", "", "verify: print one JSON object instead of text"},
        {"quiet", "", "no progress on stderr"},
    },
    3,
    3,
};

namespace {

// A position in the run-length notation, without a move.
std::string position_text(const DictionaryStones& stones, int cells) {
  const std::string line = run_length_line(stones, 0, cells);
  return line.substr(0, line.rfind(' '));
}

std::ofstream open_output(const std::string& path) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write \"" + printable(path) + "\"");
  return out;
}

// The positions of a verification as a dictionary: every move no rule but win/block gives.
Dictionary completed(const DictionaryVerification& v, int holder) {
  Dictionary out;
  out.holder = holder;
  for (const CheckedMove& m : v.moves)
    if (m.rule == PlayRule::Dictionary || m.rule == PlayRule::ForcedWin) out.entries.push_back({m.stones, m.move, 0});
  return out;
}

void write_certificate_file(const std::string& path, const Game& game, const DictionaryVerification& v,
                            int holder) {
  Certificate certificate;
  certificate.spec = game.spec;
  certificate.strategies.push_back(certificate_strategy(v, holder, game.cell_count()));
  std::ofstream out = open_output(path);
  write_certificate(out, game, certificate);
}

int verify(const Args& args, const Game& game, const Dictionary& dictionary) {
  const ObviousRules rules = parse_obvious_rules(args.get("rules", "none"));
  DictionaryPlayer player(game, dictionary, rules);
  DictionaryVerifyOptions options;
  options.forced_win_ends_branch = !args.has("play-out");
  options.within = static_cast<int>(args.get_int("within", 0, 1, 64));
  if (options.within && (game.rules.goal == Goal::Misere || (game.rules.goal == Goal::MakerBreaker && dictionary.holder == 1)))
    throw InputError("--within asks the holder to complete a line; here completing one does not win");
  const bool complete = args.has("complete") || args.has("certificate");
  if (complete && options.forced_win_ends_branch && rules.forced_win)
    throw InputError("--complete and --certificate list every move, so they need --play-out with forced wins");
  options.keep_moves = complete;
  ProgressLine progress(!args.has("quiet") && !args.has("json"));
  double shown = 0;
  options.on_progress = [&](uint64_t positions, double seconds) {
    if (seconds < shown + 1) return;
    shown = seconds;
    progress.show("verifying on " + game.spec + ": " + with_commas(positions) + " positions  " + seconds_text(seconds));
  };
  const DictionaryVerification v = verify_dictionary(player, options);
  progress.clear();

  if (v.holds && args.has("prune")) {
    Dictionary pruned = dictionary;
    pruned.entries.clear();
    for (std::size_t i = 0; i < dictionary.entries.size(); ++i)
      if (v.entry_reached[i]) pruned.entries.push_back(dictionary.entries[i]);
    std::ofstream out = open_output(args.get("prune"));
    write_dictionary(out, pruned, game, dictionary.notation);
  }
  std::size_t completed_entries = 0;
  if (v.holds && args.has("complete")) {
    const Dictionary full = completed(v, dictionary.holder);
    completed_entries = full.entries.size();
    std::ofstream out = open_output(args.get("complete"));
    write_dictionary(out, full, game, DictionaryNotation::Cells);
  }
  if (v.holds && args.has("certificate")) write_certificate_file(args.get("certificate"), game, v, dictionary.holder);

  const std::string who = dictionary.holder == 0 ? "first player" : "second player";
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["dictionary"] = args.positional[2];
    out["player"] = dictionary.holder + 1;
    out["entries"] = dictionary.entries.size();
    out["entry_lines"] = dictionary.entry_lines;
    out["repeated_entries"] = player.repeated_entries();
    out["rules"] = obvious_rules_text(rules);
    out["forced_wins_end_branches"] = options.forced_win_ends_branch;
    if (options.within) out["within"] = options.within;
    out["holds"] = v.holds;
    out["positions"] = v.positions;
    out["replies"] = v.replies;
    out["games_won"] = v.games_won;
    nlohmann::ordered_json by_rule;
    for (int r = 0; r < kPlayRules; ++r) by_rule[play_rule_name(static_cast<PlayRule>(r))] = v.by_rule[r];
    out["decided_by"] = by_rule;
    out["forced_branches"] = v.forced_branches;
    out["forced_win_nodes"] = v.forced_win_nodes;
    out["longest_win"] = v.longest_win;
    out["entries_unreached"] = v.entries_unreached;
    if (rules.forced_win) out["entries_with_forced_win"] = v.entries_with_forced_win.size();
    out["seconds"] = v.seconds;
    if (!v.holds) {
      out["failure"] = v.failure;
      out["game_moves"] = format_cell_moves(game, v.game);
      out["position"] = position_text(v.failed_position, game.cell_count());
    }
    if (args.has("complete")) out["complete_entries"] = completed_entries;
    std::cout << out.dump() << std::endl;
    return v.holds ? 0 : 1;
  }
  std::cout << "game         " << game.spec << "\n"
            << "dictionary   " << args.positional[2] << ": " << with_commas(dictionary.entries.size())
            << " entries on " << with_commas(dictionary.entry_lines) << " lines (" << notation_name(dictionary.notation)
            << "), for the " << who;
  if (player.repeated_entries()) std::cout << "; " << player.repeated_entries() << " repeat an earlier entry's position";
  std::cout << "\n"
            << "rules        " << obvious_rules_text(rules)
            << (rules.forced_win ? options.forced_win_ends_branch ? " (a forced win ends its branch)"
                                                                  : " (forced wins played out)"
                                 : "")
            << "\n";
  std::cout << "checked      " << with_commas(v.positions) << " positions, " << with_commas(v.replies) << " replies, "
            << with_commas(v.games_won) << " games won, " << seconds_text(v.seconds) << "\n"
            << "decided by   ";
  for (int r = 0; r < kPlayRules; ++r)
    std::cout << (r ? ", " : "") << play_rule_name(static_cast<PlayRule>(r)) << " " << with_commas(v.by_rule[r]);
  std::cout << "\n";
  if (v.forced_branches) std::cout << "             " << with_commas(v.forced_branches) << " branches ended by a forced win\n";
  std::cout << "entries      " << with_commas(dictionary.entries.size() - v.entries_unreached) << " reached, "
            << with_commas(v.entries_unreached) << " never reached";
  if (rules.forced_win)
    std::cout << ", " << with_commas(v.entries_with_forced_win.size())
              << " where a forced win exists too (the others are each necessary)";
  std::cout << "\n";
  if (!v.holds) {
    std::cout << "FAILS        " << v.failure << "\n"
              << "game         " << (v.game.empty() ? std::string("(the empty board)") : format_cell_moves(game, v.game)) << "\n"
              << "position     " << position_text(v.failed_position, game.cell_count()) << "  (run-length)\n";
    return 1;
  }
  std::cout << "verified     the " << who << " wins every game";
  if (v.longest_win) std::cout << ", with at most " << v.longest_win << " of its stones";
  std::cout << "\n";
  // A branch ended at a forced win proves the value, not the dictionary as played: in the
  // sequence the player looks up the dictionary before the forced-win rule.
  if (v.forced_branches)
    std::cout << "             (forced wins proved by search, not played: --play-out checks the dictionary as\n"
                 "             kinrow play --dictionary plays it)\n";
  if (args.has("prune")) std::cout << "pruned       " << args.get("prune") << "\n";
  if (args.has("complete"))
    std::cout << "complete     " << args.get("complete") << " (" << with_commas(completed_entries) << " entries)\n";
  if (args.has("certificate")) std::cout << "certificate  " << args.get("certificate") << "\n";
  return 0;
}

}  // namespace

int run_dict(const Args& args) {
  const std::string action = args.positional[0];
  if (action != "verify" && action != "convert" && action != "compress")
    throw InputError("unknown action \"" + printable(action) + "\" (this command knows: verify, convert, compress)");
  const Game game = make_game(args.positional[1]);
  const int holder = static_cast<int>(args.get_int("player", 1, 1, 2)) - 1;
  const Dictionary dictionary = read_dictionary_file(args.positional[2], game, holder);
  if (action == "verify") return verify(args, game, dictionary);
  std::ofstream file;
  if (args.has("output")) file = open_output(args.get("output"));
  std::ostream& out = args.has("output") ? file : std::cout;
  if (action == "convert") {
    if (!args.has("to")) throw InputError("convert needs --to cells or --to run-length");
    write_dictionary(out, dictionary, game, parse_notation(args.get("to")));
    return 0;
  }
  const Canonicaliser<1> symmetry(game);
  const Compression compression = compress_dictionary(dictionary, symmetry, args.has("symmetry"));
  write_compressed(out, compression, dictionary.holder, game.cell_count());
  std::cerr << "compressed " << with_commas(dictionary.entries.size()) << " entries ("
            << with_commas(dictionary.entry_lines) << " lines) to " << with_commas(compression.lines.size())
            << " lines" << (args.has("symmetry") ? " up to symmetry" : "") << "; "
            << with_commas(compression.entries) << " distinct positions in " << with_commas(compression.groups)
            << " groups, " << with_commas(compression.groups_optimal) << " solved exactly";
  if (compression.shadowed)
    std::cerr << "; dropped " << with_commas(compression.shadowed)
              << " entries whose position an earlier entry gives up to symmetry (never used)";
  std::cerr << "\n";
  return 0;
}

}  // namespace kinrow::cli
