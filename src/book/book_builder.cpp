#include "book/book_builder.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

#include "book/verifier.h"
#include "core/clock.h"
#include "core/error.h"
#include "core/notation.h"
#include "engine/engine.h"

namespace kinrow {
namespace {

using Clock = std::chrono::steady_clock;

uint64_t saturated_sum(uint64_t a, uint64_t b) { return std::min(kBookInfinity, a + b); }

void decide(BookNode& node, BookStatus status, std::string reason) {
  node.status = status;
  node.reason = std::move(reason);
  node.pn = status == BookStatus::Proven ? 0 : kBookInfinity;
  node.dn = status == BookStatus::Proven ? kBookInfinity : 0;
}

// Whether the engine's answer that chose a defender node's turn said the win was sure.
bool sure_win(const std::string& engine) {
  return engine.rfind("threat-space", 0) == 0 || engine.rfind("proof-search", 0) == 0;
}

// One build over the book's tree, held in memory as it is in the database.
class BookBuilder {
 public:
  BookBuilder(BookStore& store, const Game& game, const BookInfo& book, const BookSettings& settings)
      : store_(store), game_(game), book_(book), settings_(settings), attacker_(book.attacker), verifier_(game) {
    budget_.seconds = settings.engine_nodes ? 0 : settings.seconds;
    budget_.nodes = settings.engine_nodes;
    budget_.threat_nodes = settings.threat_nodes;
    for (BookNode& row : book_nodes(store.database(), book.id)) {
      TreeNode node;
      node.row = std::move(row);
      if (node.row.parent) {
        const auto parent = index_.find(node.row.parent);
        if (parent == index_.end()) throw std::logic_error("book: a node's parent is not in the book");
        node.parent = parent->second;
        nodes_[static_cast<std::size_t>(node.parent)].children.push_back(static_cast<int>(nodes_.size()));
      }
      index_[node.row.id] = static_cast<int>(nodes_.size());
      nodes_.push_back(std::move(node));
    }
    if (nodes_.empty()) throw std::logic_error("book: no root node");
    // Children come after their parents: the numbers from the leaves up.
    for (std::size_t i = nodes_.size(); i-- > 0;) update(static_cast<int>(i));
  }

  BookProgress run(const std::function<void(const BookProgress&)>& progress) {
    start_ = Clock::now();
    last_commit_ = start_;
    while (root().status == BookStatus::Open && static_cast<uint64_t>(added_) < settings_.max_nodes) {
      const int n = most_proving();
      if (progress) {
        BookProgress now = report();
        const BookNode& node = row(n);
        now.step = std::string(node.side == BookSide::Attacker ? "the engine" : "the verifier") + " at " +
                   (node.moves.empty() ? std::string("the empty board") : node.moves);
        progress(now);
      }
      std::vector<BookNode> fresh;
      expand(n, fresh);
      commit(n, fresh);
      if (progress) progress(report());
    }
    return report();
  }

 private:
  struct TreeNode {
    BookNode row;
    int parent = -1;
    std::vector<int> children;
  };

  BookNode& root() { return nodes_.front().row; }
  BookNode& row(int i) { return nodes_[static_cast<std::size_t>(i)].row; }

  BookProgress report() {
    BookProgress out;
    out.book_id = book_.id;
    out.nodes = static_cast<int64_t>(nodes_.size());
    out.added = added_;
    for (const TreeNode& node : nodes_) {
      out.proven += node.row.status == BookStatus::Proven;
      out.unchecked += node.row.status == BookStatus::Proven && !node.row.checked && node.children.empty();
    }
    out.root_pn = root().pn;
    out.root_dn = root().dn;
    out.engine_calls = engine_calls_;
    out.verifier_calls = verifier_calls_;
    out.seconds = seconds_since(start_);
    out.status = root().status;
    return out;
  }

  // From the root, the child of least proof number at attacker nodes and of least
  // disproof number at defender nodes, to a node not expanded yet or an attacker node
  // whose turns all failed (the engine is asked again).
  int most_proving() {
    int i = 0;
    for (;;) {
      const TreeNode& node = nodes_[static_cast<std::size_t>(i)];
      if (!node.row.expanded) return i;
      const bool attacker = node.row.side == BookSide::Attacker;
      int best = -1;
      for (int c : node.children) {
        const BookNode& child = row(c);
        if (child.status != BookStatus::Open) continue;
        if (best < 0 || (attacker ? child.pn < row(best).pn : child.dn < row(best).dn)) best = c;
      }
      if (best < 0) {
        if (!attacker) throw std::logic_error("book: an open defender node without an open defence");
        return i;
      }
      i = best;
    }
  }

  // A node for `turn` played from `from` (the position after it), decided at once if the
  // game is over.
  BookNode child(const BookNode& from, const Position& after, const Turn& turn, BookSide side) const {
    BookNode node;
    node.parent = from.id;
    node.turn = format_turn(game_, turn);
    node.moves = format_turns(game_, after.history());
    node.side = side;
    if (after.over()) {
      node.expanded = true;
      const int winner = after.winner();
      if (winner == attacker_) {
        node.checked = true;  // the rules decide it
        decide(node, BookStatus::Proven, "game over: the attacker wins");
      } else {
        decide(node, BookStatus::Failed, winner == kNoPlayer ? "game over: a draw" : "game over: the defender wins");
      }
    }
    return node;
  }

  static Turn last_turn(const Game& game, const BookNode& node) {
    return play_moves(game, node.moves).history().back();
  }

  void expand(int i, std::vector<BookNode>& fresh) {
    if (row(i).side == BookSide::Attacker) expand_attacker(i, fresh);
    else expand_defender(i, fresh);
    row(i).expanded = true;
  }

  // The engine's best turn outside those that failed here already.
  void expand_attacker(int i, std::vector<BookNode>& fresh) {
    BookNode& node = row(i);
    const Position position = play_moves(game_, node.moves);
    EngineOptions options;
    options.seconds = settings_.engine_nodes ? 0 : settings_.seconds;
    options.nodes = settings_.engine_nodes;
    options.proofs = settings_.engine_proofs;
    for (int c : nodes_[static_cast<std::size_t>(i)].children) options.excluded.push_back(last_turn(game_, row(c)));
    const EngineResult answer = think(position, options);
    ++engine_calls_;
    const bool tried_before = !options.excluded.empty();
    if (answer.move.empty() || answer.others_lose) {
      node.exhausted = true;
      decide(node, BookStatus::Failed,
             tried_before ? "every other turn loses to the defender's threats, or none is left"
                          : "every turn loses to the defender's threats");
      return;
    }
    if (answer.source == MoveSource::NoChoice && answer.evaluation == Evaluation::DefenderWins) {
      node.exhausted = true;
      decide(node, BookStatus::Failed, "the engine: every turn loses to the defender's threats");
      return;
    }
    if (answer.others_do_not_win) {
      node.exhausted = true;
      decide(node, BookStatus::Failed, "df-pn: no turn but those that failed wins");
      return;
    }
    Position after = position;
    if (const std::string why = after.why_illegal(answer.move); !why.empty())
      throw std::logic_error("book: the engine answered an illegal turn (" + why + ")");
    after.play(answer.move);
    BookNode defender = child(node, after, answer.move, BookSide::Defender);
    defender.engine = std::string(move_source_name(answer.source)) + ", " + evaluation_words(answer.evaluation);
    fresh.push_back(std::move(defender));
  }

  // The Verifier's defences, or a proof that none is needed.
  void expand_defender(int i, std::vector<BookNode>& fresh) {
    BookNode& node = row(i);
    const Position position = play_moves(game_, node.moves);
    const DefenderTurns defences = verifier_.defender_turns(position, attacker_, budget_);
    ++verifier_calls_;
    if (defences.attacker_wins) {
      node.checked = true;
      decide(node, BookStatus::Proven, defences.reason);
      return;
    }
    if (sure_win(node.engine)) {
      using Verdict = CertifiedWin::Verdict;
      const CertifiedWin win = verifier_.certify_by_dfpn(position, attacker_, budget_);
      const std::string claim = "the engine's " + node.engine.substr(0, node.engine.find(',')) + " win";
      switch (win.verdict) {
        case Verdict::Checked:
          node.checked = true;
          decide(node, BookStatus::Proven, claim + "; " + win.reason);
          return;
        case Verdict::Unread:
        case Verdict::RanOut:
          decide(node, BookStatus::Proven, claim + ", unchecked: " + win.reason);
          return;
        case Verdict::Disproven:
        case Verdict::Rejected:
          break;  // not a proof: the defences are answered one by one
      }
    }
    for (const Turn& turn : defences.turns) {
      Position after = position;
      after.play(turn);
      fresh.push_back(child(node, after, turn, BookSide::Attacker));
    }
  }

  // The node's numbers and status from its children (a node decided by itself keeps
  // them). Returns whether anything changed.
  bool update(int i) {
    TreeNode& tree = nodes_[static_cast<std::size_t>(i)];
    BookNode& node = tree.row;
    const BookNode before = node;
    if (!node.expanded || tree.children.empty()) return false;
    const bool attacker = node.side == BookSide::Attacker;
    // The child that decides the node: a proven turn of the attacker, a failed defence.
    const BookStatus deciding = attacker ? BookStatus::Proven : BookStatus::Failed;
    int decided_by = -1, open = 0;
    bool all_checked = true;
    uint64_t pn = attacker ? kBookInfinity : 0, dn = attacker ? 0 : kBookInfinity;
    for (int c : tree.children) {
      const BookNode& child = row(c);
      if (child.status == deciding && decided_by < 0) decided_by = c;
      all_checked = all_checked && (child.status != BookStatus::Proven || child.checked);
      if (child.status != BookStatus::Open) continue;
      ++open;
      pn = attacker ? std::min(pn, child.pn) : saturated_sum(pn, child.pn);
      dn = attacker ? saturated_sum(dn, child.dn) : std::min(dn, child.dn);
    }
    if (decided_by >= 0) {
      const BookNode& child = row(decided_by);
      node.checked = attacker && child.checked;
      decide(node, deciding, attacker ? child.turn + " wins" : "the defence " + child.turn + " holds");
    } else if (!attacker && open == 0) {
      node.checked = all_checked;
      decide(node, BookStatus::Proven,
             "every defence refuted (" + std::to_string(tree.children.size()) + ")");
    } else if (attacker && node.exhausted) {
      decide(node, BookStatus::Failed, node.reason);
    } else {
      node.status = BookStatus::Open;
      node.checked = false;
      node.reason = open ? "" : "every turn so far failed: the engine is asked again";
      node.pn = open ? pn : 1;
      node.dn = open ? dn : 1;
    }
    return node.status != before.status || node.pn != before.pn || node.dn != before.dn ||
           node.reason != before.reason || node.checked != before.checked;
  }

  // The expansion of node i as one transaction: its new children, it and its ancestors.
  void commit(int i, std::vector<BookNode>& fresh) {
    std::vector<int> changed_nodes = {i};
    const std::size_t first = nodes_.size();
    for (BookNode& node : fresh) {
      TreeNode tree;
      tree.row = node;
      tree.parent = i;
      nodes_[static_cast<std::size_t>(i)].children.push_back(static_cast<int>(nodes_.size()));
      nodes_.push_back(std::move(tree));
    }
    for (int a = i; a >= 0; a = nodes_[static_cast<std::size_t>(a)].parent)
      if (update(a) && a != i) changed_nodes.push_back(a);
    std::vector<BookNode> changed;
    for (int c : changed_nodes) changed.push_back(row(c));
    store_.commit(book_.id, fresh, changed, root().status, seconds_since(last_commit_));
    last_commit_ = Clock::now();
    for (std::size_t k = 0; k < fresh.size(); ++k) {
      nodes_[first + k].row.id = fresh[k].id;
      index_[fresh[k].id] = static_cast<int>(first + k);
    }
    added_ += static_cast<int64_t>(fresh.size());
  }

  BookStore& store_;
  const Game& game_;
  BookInfo book_;
  BookSettings settings_;
  int attacker_;
  Verifier verifier_;
  VerifierBudget budget_;
  std::vector<TreeNode> nodes_;  // the root first, parents before children
  std::unordered_map<int64_t, int> index_;  // by database id
  int64_t added_ = 0, engine_calls_ = 0, verifier_calls_ = 0;
  Clock::time_point start_, last_commit_;
};

// One build per database file at a time: a lock the kernel drops when the process dies.
class BuildLock {
 public:
  explicit BuildLock(const std::string& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (fd_ < 0) throw InputError("cannot open \"" + printable(path) + "\": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      ::close(fd_);
      throw InputError("\"" + printable(path) + "\" is in use by another kinrow book build");
    }
  }
  ~BuildLock() { ::close(fd_); }
  BuildLock(const BuildLock&) = delete;
  BuildLock& operator=(const BuildLock&) = delete;

 private:
  int fd_;
};

}  // namespace

BookProgress build_book(const std::string& path, const Position& position, const BookSettings& settings,
                        const std::function<void(const BookProgress&)>& progress) {
  if (position.over()) throw InputError("the game is over after these moves: there is nothing to prove");
  const Game& game = position.game();
  BookStore store(path);
  const BuildLock lock(path);
  nlohmann::ordered_json recorded;
  recorded["time"] = settings.seconds;
  recorded["engine_nodes"] = settings.engine_nodes;
  recorded["threat_nodes"] = settings.threat_nodes;
  recorded["engine_proofs"] = settings.engine_proofs;
  const BookInfo book =
      store.open_book(game.spec, format_turns(game, position.history()), position.to_move(), recorded.dump());
  BookBuilder builder(store, game, book, settings);
  return builder.run(progress);
}

}  // namespace kinrow
