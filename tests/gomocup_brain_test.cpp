// The Gomocup protocol (engine/gomocup_brain.h): a scripted manager drives the brain
// through every command, mid-game positions, takebacks and restarts, and malformed lines,
// and checks each answer; then the same through `kinrow pbrain` on a pipe.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_support.h"
#include "engine/gomocup_brain.h"

namespace kinrow {
namespace {

// A manager: sends a line, returns what the brain wrote in answer (its lines).
class Manager {
 public:
  explicit Manager(BrainSettings settings = {}) : brain_(out_, settings) {}
  std::vector<std::string> send(const std::string& line) {
    alive_ = brain_.handle(line);
    std::vector<std::string> lines;
    std::istringstream in(out_.str());
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    out_.str("");
    return lines;
  }
  bool alive() const { return alive_; }
  const GomocupBrain& brain() const { return brain_; }

 private:
  std::ostringstream out_;
  GomocupBrain brain_;
  bool alive_ = true;
};

// "X,Y" pairs of one answer line, each on a w x h board.
std::vector<std::pair<int, int>> moves_of(const std::string& line, int w, int h) {
  std::vector<std::pair<int, int>> out;
  std::istringstream in(line);
  for (std::string pair; in >> pair;) {
    int x = -1, y = -1;
    char comma = 0;
    std::istringstream p(pair);
    if (!(p >> x >> comma >> y) || comma != ',' || x < 0 || y < 0 || x >= w || y >= h) return {};
    out.push_back({x, y});
  }
  return out;
}

TEST(GomocupBrain, AConversationThroughEveryCommand) {
  Manager m;
  EXPECT_EQ(m.send("TURN 1,1").at(0).rfind("ERROR", 0), 0u);  // before START
  const auto about = m.send("ABOUT");
  ASSERT_EQ(about.size(), 1u);
  EXPECT_NE(about[0].find("name=\"kinrow\""), std::string::npos);
  EXPECT_EQ(m.send("START 15"), std::vector<std::string>{"OK"});
  EXPECT_TRUE(m.send("INFO timeout_turn 100").empty());
  EXPECT_TRUE(m.send("INFO max_memory 83886080").empty());
  EXPECT_TRUE(m.send("INFO folder /tmp").empty());
  const auto first = m.send("BEGIN");
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(moves_of(first[0], 15, 15).size(), 1u) << first[0];
  EXPECT_EQ(m.brain().position()->turns_played(), 1);
  const auto answer = m.send("TURN 0,0");
  ASSERT_EQ(answer.size(), 1u);
  ASSERT_EQ(moves_of(answer[0], 15, 15).size(), 1u) << answer[0];
  EXPECT_NE(answer[0], "0,0");
  EXPECT_NE(answer[0], first[0]);
  EXPECT_EQ(m.brain().position()->turns_played(), 3);
  // Take back the brain's answer and the opponent's move.
  EXPECT_EQ(m.send("TAKEBACK " + answer[0]), std::vector<std::string>{"OK"});
  EXPECT_EQ(m.send("TAKEBACK 0,0"), std::vector<std::string>{"OK"});
  EXPECT_EQ(m.brain().position()->turns_played(), 1);
  EXPECT_EQ(m.send("TAKEBACK 5,5").at(0).rfind("ERROR", 0), 0u);  // not the last stone
  // Occupied and off-board moves, malformed lines: ERROR, and the game goes on.
  EXPECT_EQ(m.send("TURN " + first[0]).at(0).rfind("ERROR", 0), 0u);
  EXPECT_EQ(m.send("TURN 15,3").at(0).rfind("ERROR", 0), 0u);
  EXPECT_EQ(m.send("TURN x").at(0).rfind("ERROR", 0), 0u);
  EXPECT_EQ(m.send("FROBNICATE").at(0).rfind("UNKNOWN", 0), 0u);
  EXPECT_EQ(m.send("START banana").at(0).rfind("ERROR", 0), 0u);
  EXPECT_EQ(m.send("START 3").at(0).rfind("ERROR", 0), 0u);  // no line of five
  EXPECT_EQ(m.send("RECTSTART 0,20").at(0).rfind("ERROR", 0), 0u);  // once an exit
  EXPECT_EQ(m.send("RECTSTART 10,-3").at(0).rfind("ERROR", 0), 0u);
  // A failed START leaves no board, not the game before it.
  EXPECT_EQ(m.brain().position(), nullptr);
  EXPECT_EQ(m.send("TURN 8,8").at(0).rfind("ERROR no board", 0), 0u);
  EXPECT_EQ(m.send("START 15"), std::vector<std::string>{"OK"});
  // A mid-game position: the opponent has four in a row, one end closed by the brain's
  // stone, so the brain must take the other end.
  EXPECT_EQ(m.send("RESTART"), std::vector<std::string>{"OK"});
  EXPECT_EQ(m.brain().position()->turns_played(), 0);
  EXPECT_TRUE(m.send("BOARD").empty());
  for (const char* line : {"7,7,2", "11,7,1", "8,7,2", "0,12,1", "9,7,2", "0,10,1", "10,7,2", "0,8,1"})
    EXPECT_TRUE(m.send(line).empty());
  EXPECT_EQ(m.send("DONE"), std::vector<std::string>{"6,7"});
  EXPECT_EQ(m.brain().position()->turns_played(), 9);
  // A BOARD that is not a position with the brain to move.
  m.send("BOARD");
  m.send("1,1,1");
  m.send("2,2,1");
  EXPECT_EQ(m.send("DONE").at(0).rfind("ERROR", 0), 0u);
  // A bad line is answered once, at DONE, with no move after it (a manager reads one
  // answer for a BOARD); so are trailing text and field 3 (a continuous game's stone).
  for (const char* bad : {"1,1", "1,1,1,junk", "1,1,3"}) {
    m.send("BOARD");
    EXPECT_TRUE(m.send(bad).empty()) << bad;
    m.send("2,2,2");
    const auto answer = m.send("DONE");
    ASSERT_EQ(answer.size(), 1u) << bad;
    EXPECT_EQ(answer[0].rfind("ERROR BOARD", 0), 0u) << bad << ": " << answer[0];
  }
  // A block the brain does not play is one UNKNOWN, at DONE; END ends even inside one.
  for (const char* line : {"SWAP2BOARD", "7,7", "8,7", "9,9"}) EXPECT_TRUE(m.send(line).empty()) << line;
  EXPECT_EQ(m.send("DONE").at(0).rfind("UNKNOWN", 0), 0u);
  EXPECT_EQ(m.send("TURN\t3,4").size(), 1u);  // a tab separates as a space does
  m.send("BOARD");
  m.send("5,5,2");
  EXPECT_TRUE(m.send("END").empty());
  EXPECT_FALSE(m.alive());
}

TEST(GomocupBrain, InfoIsAnsweredLaterAndUnknownCommandsAlways) {
  Manager m;
  // The manager reads nothing while it sends INFO: a rule's MESSAGE waits for the next command.
  EXPECT_TRUE(m.send("INFO rule 4").empty());
  const auto started = m.send("START 15");
  ASSERT_EQ(started.size(), 2u);
  EXPECT_EQ(started[0].rfind("MESSAGE", 0), 0u);
  EXPECT_EQ(started[1], "OK");
  // Before START, an unknown command is UNKNOWN, not "no board".
  Manager fresh;
  EXPECT_EQ(fresh.send("FROBNICATE").at(0).rfind("UNKNOWN", 0), 0u);
  EXPECT_TRUE(fresh.send("BOARD").empty());
  EXPECT_TRUE(fresh.send("1,1,1").empty());
  const auto early = fresh.send("DONE");
  ASSERT_EQ(early.size(), 1u);
  EXPECT_EQ(early[0].rfind("ERROR BOARD: no board", 0), 0u) << early[0];
  fresh.send("BOARD");  // an empty one, with no board: once a crash
  EXPECT_EQ(fresh.send("DONE").at(0).rfind("ERROR BOARD: no board", 0), 0u);
  // Yixin-Board's YXBOARD block: one UNKNOWN at DONE.
  EXPECT_TRUE(fresh.send("YXBOARD").empty());
  EXPECT_TRUE(fresh.send("7,7,1").empty());
  EXPECT_EQ(fresh.send("DONE").size(), 1u);
}

TEST(GomocupBrain, WinsWhenItCanAndTakesBothStonesOfAConnect6Turn) {
  Manager m;
  m.send("START 15");
  m.send("INFO timeout_turn 100");
  m.send("BOARD");
  for (const char* line : {"3,3,1", "10,10,2", "4,3,1", "10,12,2", "5,3,1", "12,10,2", "6,3,1", "12,12,2"}) m.send(line);
  const auto win = m.send("DONE");  // an open four of the brain's: either end wins
  ASSERT_EQ(win.size(), 1u);
  EXPECT_TRUE(win[0] == "2,3" || win[0] == "7,3") << win[0];
  EXPECT_TRUE(m.brain().position()->over());
  BrainSettings six;
  six.k = 6;
  six.p = 2;
  six.q = 1;
  Manager c6(six);
  c6.send("START 19");
  c6.send("INFO timeout_turn 200");
  const auto first = c6.send("BEGIN");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(moves_of(first[0], 19, 19).size(), 1u) << "the first turn has q = 1 stone: " << first[0];
  const auto second = c6.send("TURN 0,0 18,18");
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(moves_of(second[0], 19, 19).size(), 2u) << second[0];
  EXPECT_EQ(c6.send("TURN 1,1").at(0).rfind("ERROR", 0), 0u);  // one stone of two
}

TEST(GomocupBrainCli, PbrainOnAPipe) {
  const auto path = std::filesystem::temp_directory_path() / ("kinrow_pbrain_" + std::to_string(::getpid()) + ".txt");
  {
    std::ofstream script(path);
    script << "START 20\nINFO timeout_turn 200\nBEGIN\nTURN 0,0\nNONSENSE\nEND\nTURN 1,1\n";
  }
  const testing::CliRun run = testing::kinrow("pbrain < " + path.string());
  std::filesystem::remove(path);
  EXPECT_EQ(run.status, 0) << run.err;
  std::istringstream out(run.out);
  std::vector<std::string> lines;
  for (std::string l; std::getline(out, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 4u) << run.out;  // OK, a move, a move, UNKNOWN; nothing after END
  EXPECT_EQ(lines[0], "OK");
  EXPECT_EQ(moves_of(lines[1], 20, 20).size(), 1u);
  EXPECT_EQ(moves_of(lines[2], 20, 20).size(), 1u);
  EXPECT_EQ(lines[3].rfind("UNKNOWN", 0), 0u);
}

}  // namespace
}  // namespace kinrow
