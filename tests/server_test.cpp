// The workbench's API (server/workbench_server.h), through a real `kinrow serve` on a
// free loopback port: every endpoint with good and bad requests — each bad one a 4xx
// with a message, the server still answering after it — jobs run, queued, streamed and
// cancelled, trees kept across a kill -9 of the server.
#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "process_support.h"

namespace kinrow {
namespace {

using nlohmann::json;
using testing::Child;
using testing::TemporaryDirectory;
using testing::eventually;
using testing::free_port;

class Workbench {
 public:
  explicit Workbench(int max_jobs = 1, const std::filesystem::path& db = {})
      : dir_("kinrow-serve"), port_(free_port()), db_(db.empty() ? dir_ / "workbench.db" : db) {
    std::filesystem::create_directories(dir_ / "web");
    std::ofstream(dir_ / "web" / "index.html") << "<!doctype html><title>kinrow test page</title>";
    std::ofstream(dir_ / "outside.txt") << "secret";
    std::filesystem::create_symlink(dir_ / "outside.txt", dir_ / "web" / "link.txt");
    start(max_jobs);
  }
  void start(int max_jobs) {
    server_ = std::make_unique<Child>(
        std::vector<std::string>{KINROW_BINARY, "serve", "--port", std::to_string(port_), "--db", db_.string(),
                                 "--web", (dir_ / "web").string(), "--max-jobs", std::to_string(max_jobs)},
        dir_ / "serve.out", dir_ / "serve.err");
    const bool up = eventually([&] { return client().Get("/api/health") != nullptr; }, 30);
    if (!up) throw std::runtime_error("kinrow serve did not start: " + server_->err());
  }
  void kill9() {
    server_->signal(SIGKILL);
    server_->wait(10);
  }
  int port() const { return port_; }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30, 0);
    return c;
  }
  // The status and JSON answer of a request (body "" for none).
  std::pair<int, json> call(const std::string& method, const std::string& path, const std::string& body = "") const {
    auto c = client();
    httplib::Result r = method == "GET"      ? c.Get(path)
                        : method == "DELETE" ? c.Delete(path)
                        : method == "PATCH"  ? c.Patch(path, body, "application/json")
                                             : c.Post(path, body, "application/json");
    if (!r) throw std::runtime_error(method + " " + path + ": no answer");
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  json ok(const std::string& method, const std::string& path, const json& body = nullptr) const {
    auto [status, answer] = call(method, path, body.is_null() ? "" : body.dump());
    EXPECT_EQ(status, 200) << method << " " << path << ": " << answer.dump();
    return answer;
  }
  // A request that must fail with `status` and a message, leaving the server up.
  void rejects(const std::string& method, const std::string& path, const std::string& body, int status,
               const std::string& message_part = "") const {
    auto [got, answer] = call(method, path, body);
    EXPECT_EQ(got, status) << method << " " << path << " " << body;
    ASSERT_TRUE(answer.is_object() && answer.contains("error")) << answer.dump();
    EXPECT_NE(answer["error"].get<std::string>().find(message_part), std::string::npos) << answer["error"];
    EXPECT_EQ(call("GET", "/api/health").first, 200);
  }
  json wait_job(int64_t id, double seconds = 60) const {
    json job;
    eventually([&] {
      job = ok("GET", "/api/jobs/" + std::to_string(id));
      const std::string state = job["state"];
      return state != "queued" && state != "running";
    }, seconds);
    return job;
  }
  const std::filesystem::path& dir() const { return dir_.path(); }

 private:
  TemporaryDirectory dir_;
  int port_;
  std::filesystem::path db_;
  std::unique_ptr<Child> server_;
};

TEST(Server, PositionOfEachKindOfBoard) {
  Workbench w;
  const json ttt = w.ok("POST", "/api/position", {{"spec", "tictactoe"}, {"moves", "b2 a1"}});
  EXPECT_EQ(ttt["cells"].size(), 9u);
  EXPECT_EQ(ttt["stones"].size(), 2u);
  EXPECT_EQ(ttt["to_move"], 0);
  EXPECT_EQ(ttt["playable"].size(), 7u);
  EXPECT_EQ(ttt["moves"], "b2 a1");
  EXPECT_FALSE(ttt["over"].get<bool>());

  const json won = w.ok("POST", "/api/position", {{"spec", "tictactoe"}, {"moves", "a1 b1 a2 b2 a3"}});
  EXPECT_TRUE(won["over"].get<bool>());
  EXPECT_EQ(won["winner"], 0);
  EXPECT_EQ(won["winning_line"]["cells"].size(), 3u);
  EXPECT_TRUE(won["playable"].empty());

  // Gravity: one playable cell per column, the lowest empty one.
  const json c4 = w.ok("POST", "/api/position", {{"spec", "connect4"}, {"moves", "4453"}});
  EXPECT_TRUE(c4["gravity"].get<bool>());
  EXPECT_EQ(c4["playable"].size(), 7u);
  for (const auto& cell : c4["playable"]) {
    const auto& coords = c4["cells"][cell.get<int>()]["coords"];
    const int x = coords[0], y = coords[1];
    EXPECT_EQ(y, x == 3 ? 2 : (x == 4 || x == 2 ? 1 : 0)) << "column " << x;
  }

  // Connect6: one stone on the first turn, two after.
  const json c6 = w.ok("POST", "/api/position", {{"spec", "connect6"}, {"moves", "j10 k10k11"}});
  EXPECT_EQ(c6["cells"].size(), 361u);
  EXPECT_EQ(c6["p"], 2);
  EXPECT_EQ(c6["stones_this_turn"], 2);
  EXPECT_EQ(c6["turns"], json({"j10", "k11k10"}));  // a turn's stones in cell order, top row first

  // Threats: each side's lines one or two stones from completion.
  const json t = w.ok("POST", "/api/position", {{"spec", "tictactoe"}, {"moves", "a1 b2 a2"}});
  int x_ones = 0;
  for (const auto& threat : t["threats"])
    if (threat["player"] == 0 && threat["missing"] == 1) ++x_ones;
  EXPECT_EQ(x_ones, 1);  // a3 completes the a-column

  const json cube = w.ok("POST", "/api/position", {{"spec", "qubic"}});
  EXPECT_EQ(cube["extent"].size(), 3u);
}

TEST(Server, SetUpStonesAndSgfBecomeMoves) {
  Workbench w;
  // Free edit: each side's stones, ordered into turns by the server.
  const json set_up = w.ok("POST", "/api/position", {{"spec", "tictactoe"}, {"stones", {{0, 1, 2}, {3, 4}}}});
  EXPECT_EQ(set_up["turns"].size(), 5u);
  EXPECT_TRUE(set_up["over"].get<bool>());  // the first player's row, completed by the last turn
  EXPECT_EQ(set_up["winner"], 0);
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "stones": [[0, 1, 2], [3, 4, 5]]})", 400, "no order");
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "stones": [[0, 1], [3, 4, 5]]})", 400, "stone counts");
  // Under gravity the order matters: O's d2 must come before his e1 (a greedy order,
  // each side's lowest stone first, plays e1 first and is stuck).
  const json c4 = w.ok("POST", "/api/position", {{"spec", "connect4"}, {"stones", {{38, 24}, {31, 39}}}});
  EXPECT_EQ(c4["stones"].size(), 4u);
  w.rejects("POST", "/api/position", R"({"spec": "connect4", "stones": [[24], []]})", 400, "no order");
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "stones": [[0], [0]]})", 400, "twice");
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "stones": [[99], []]})", 400, "from 0 to 8");
  // Numbers past an int's range name no cell (2^32 + 4 once wrapped to b2).
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "stones": [[4294967300], []]})", 400, "4294967300");
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "stones": [[18446744073709551615], []]})", 400, "from 0");
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "stones": "a1"})", 400, "stones");

  auto c = w.client();
  auto sgf = c.Post("/api/sgf", "(;KR[mnk:3x3x3];B[bb];W[aa])", "text/plain");
  ASSERT_TRUE(sgf);
  ASSERT_EQ(sgf->status, 200) << sgf->body;
  const json record = json::parse(sgf->body);
  EXPECT_EQ(record["spec"], "mnk:3x3x3");
  EXPECT_EQ(record["moves"], "b2 a3");  // SGF counts rows from the top
  auto bad = c.Post("/api/sgf", "(;KR[mnk:3x3x3];B[bb];W[bb])", "text/plain");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 400);
}

TEST(Server, BadRequestsAreClearAndHarmless) {
  Workbench w;
  // The games offered are specs kinrow reads (each canonical, as /api/position writes it).
  const json games = w.ok("GET", "/api/games");  // kept: a loop over a temporary's part dangles
  for (const json& game : games["games"])
    EXPECT_EQ(w.ok("POST", "/api/position", {{"spec", game["spec"]}})["spec"], game["spec"]);
  w.rejects("POST", "/api/position", "{not json", 400, "malformed JSON");
  w.rejects("POST", "/api/position", "[1,2]", 400, "JSON object");
  w.rejects("POST", "/api/position", R"({"moves": "a1"})", 400, "spec");
  w.rejects("POST", "/api/position", R"({"spec": "mnk:0x3x3"})", 400);
  w.rejects("POST", "/api/position", R"({"spec": 7})", 400, "string");
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "moves": "b2 b2"})", 400, "b2");
  w.rejects("POST", "/api/position", R"({"spec": "tictactoe", "moves": "z9"})", 400, "z9");
  w.rejects("POST", "/api/position", std::string(5u << 20, ' '), 413, "too large");
  w.rejects("GET", "/api/nothing", "", 404);
  w.rejects("GET", "/api/jobs/999", "", 404, "no such job");
  w.rejects("GET", "/api/trees/999", "", 404, "no such tree");
  // null is "not given" for options as for every other field.
  const json queued = w.ok("POST", "/api/jobs", {{"kind", "solve"}, {"spec", "tictactoe"}, {"options", nullptr}});
  EXPECT_EQ(w.wait_job(queued["id"])["state"], "done");
}

// A known path asked with a method it does not take is 405 with Allow naming those it
// takes; a path nothing takes is 404, whatever the method.
TEST(Server, WrongMethodsAre405WithAllow) {
  Workbench w;
  w.rejects("GET", "/api/position", "", 405, "/api/position takes POST");
  w.rejects("DELETE", "/api/games", "", 405, "GET, HEAD");
  w.rejects("PATCH", "/api/jobs/3", "{}", 405, "GET, HEAD, DELETE");
  w.rejects("POST", "/index.html", "{}", 405, "GET, HEAD");
  w.rejects("POST", "/api/nothing", "{}", 404, "no such API endpoint");
  w.rejects("DELETE", "/api/nothing", "", 404, "no such API endpoint");
  auto c = w.client();
  const auto answer = c.Delete("/api/trees");
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->status, 405);
  EXPECT_EQ(answer->get_header_value("Allow"), "GET, HEAD, POST");
  const auto options = c.Options("/api/jobs/3");
  ASSERT_TRUE(options);
  EXPECT_EQ(options->status, 204);
  EXPECT_EQ(options->get_header_value("Allow"), "GET, HEAD, DELETE");
  EXPECT_EQ(options->get_header_value("Access-Control-Allow-Origin"), "");
  EXPECT_EQ(c.Options("/api/nothing")->status, 404);
}

TEST(Server, RequestsNeverReadTheServersFiles) {
  Workbench w;
  // A file: game would have the server read any file it names (or hang on /dev/zero).
  w.rejects("POST", "/api/position", R"({"spec": "file:/dev/zero"})", 400, "files");
  w.rejects("POST", "/api/jobs", R"({"kind": "solve", "spec": "file:/etc/hostname"})", 400, "files");
  w.rejects("POST", "/api/trees", R"({"name": "t", "spec": "file:/etc/hostname"})", 400, "files");
  auto c = w.client();
  auto sgf = c.Post("/api/sgf", "(;KR[file:/dev/zero];B[aa])", "text/plain");
  ASSERT_TRUE(sgf);
  EXPECT_EQ(sgf->status, 400) << sgf->body;
  EXPECT_NE(sgf->body.find("files"), std::string::npos) << sgf->body;
  auto cert = c.Post("/api/certificates", "game file:/dev/zero\n", "text/plain");
  ASSERT_TRUE(cert);
  EXPECT_EQ(cert->status, 400) << cert->body;
  EXPECT_EQ(w.call("GET", "/api/health").first, 200);
}

TEST(Server, OddBytesAndChunkedBodiesAreRefusedNotFatal) {
  Workbench w;
  auto c = w.client();
  // A name that is not UTF-8 is refused before it is stored (it once broke the list).
  const auto file = w.dir() / "ttt.cert";
  ASSERT_EQ(testing::kinrow("solve tictactoe --quiet --certificate " + file.string()).status, 0);
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  auto odd = c.Post("/api/certificates?name=%ff%fe", text, "text/plain");
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->status, 400) << odd->body;
  EXPECT_EQ(w.call("GET", "/api/certificates").first, 200);
  // A path that is not UTF-8: a 404 with a message, not a 500.
  auto path = c.Get("/%ff%fe");
  ASSERT_TRUE(path);
  EXPECT_EQ(path->status, 404) << path->body;
  EXPECT_TRUE(json::parse(path->body, nullptr, false).contains("error")) << path->body;
  // A chunked body would escape the size limit: refused before it is read.
  const std::string chunked = testing::raw_http(
      w.port(), "POST /api/position HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
                "Content-Type: application/json\r\nConnection: close\r\n\r\n15\r\n{\"spec\": \"tictactoe\"}\r\n0\r\n\r\n");
  EXPECT_EQ(chunked.rfind("HTTP/1.1 411", 0), 0u) << chunked;
  EXPECT_EQ(w.call("GET", "/api/health").first, 200);
  // Other sites' pages: a foreign Origin, or a Host renamed to 127.0.0.1 by DNS rebinding.
  auto foreign = c.Get("/api/jobs", httplib::Headers{{"Origin", "http://evil.example"}});
  // A refused request's body is not read as a second request: the refusal comes after
  // the body (a request inside it once went through unchecked).
  const std::string inner = "POST /api/trees HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            "Content-Length: 41\r\n\r\n{\"name\": \"smuggled\", \"spec\": \"tictactoe\"}";
  const std::string smuggling = testing::raw_http(
      w.port(), "POST /api/position HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n"
                "Content-Type: text/plain\r\nConnection: close\r\nContent-Length: " + std::to_string(inner.size()) +
                "\r\n\r\n" + inner);
  EXPECT_EQ(smuggling.rfind("HTTP/1.1 403", 0), 0u) << smuggling;
  EXPECT_EQ(smuggling.find("smuggled"), std::string::npos) << smuggling;
  EXPECT_TRUE(w.ok("GET", "/api/trees")["trees"].empty());
  ASSERT_TRUE(foreign);
  EXPECT_EQ(foreign->status, 403) << foreign->body;
  auto rebound = c.Get("/api/health", httplib::Headers{{"Host", "evil.example:80"}});
  ASSERT_TRUE(rebound);
  EXPECT_EQ(rebound->status, 403) << rebound->body;
  auto own = c.Post("/api/position", httplib::Headers{{"Origin", "http://127.0.0.1:" + std::to_string(w.port())}},
                    R"({"spec": "tictactoe"})", "application/json");
  ASSERT_TRUE(own);
  EXPECT_EQ(own->status, 200) << own->body;
  // More of the solver's turns than the puzzle has.
  w.rejects("POST", "/api/puzzles/try",
            R"({"spec": "tictactoe", "moves": "b2", "length": 1, "played": "a1 c3 a3"})", 400, "length");
}

TEST(Server, StaticFilesNeverLeaveTheirFolder) {
  Workbench w;
  auto c = w.client();
  auto index = c.Get("/");
  ASSERT_TRUE(index);
  EXPECT_EQ(index->status, 200);
  EXPECT_NE(index->body.find("kinrow test page"), std::string::npos);
  EXPECT_NE(index->get_header_value("Content-Type").find("text/html"), std::string::npos);
  for (const char* path : {"/../outside.txt", "/%2e%2e/outside.txt", "/link.txt", "/web/../../outside.txt"}) {
    auto r = c.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_TRUE(r->status == 400 || r->status == 404) << path << " " << r->status;
    EXPECT_EQ(r->body.find("secret"), std::string::npos) << path;
  }
  EXPECT_EQ(c.Get("/missing.js")->status, 404);
}

TEST(Server, JobRunsAndAnswersWithTheCommandsResult) {
  Workbench w;
  const json job = w.ok("POST", "/api/jobs", {{"kind", "solve"}, {"spec", "tictactoe"}, {"moves", "b2 a2"}});
  EXPECT_EQ(job["state"], "queued");
  const json done = w.wait_job(job["id"]);
  ASSERT_EQ(done["state"], "done") << done.dump();
  EXPECT_EQ(done["result"]["value"], "first-player-win") << done["result"].dump();  // X wins after an edge reply

  // The event stream repeats a finished job's progress and ends with the job.
  auto r = w.client().Get("/api/jobs/" + std::to_string(job["id"].get<int>()) + "/events");
  ASSERT_TRUE(r);
  EXPECT_NE(r->body.find("event: end"), std::string::npos);

  // The job-level proof search, with its progress lines streamed as the job's.
  const json prove = w.ok("POST", "/api/jobs", {{"kind", "prove"}, {"spec", "tictactoe"}, {"moves", "b2"},
                                                {"options", {{"workers", 1}, {"policy", "greedy"}}}});
  const json proved = w.wait_job(prove["id"]);
  ASSERT_EQ(proved["state"], "done") << proved.dump();
  EXPECT_EQ(proved["result"]["value"], "draw");
  EXPECT_FALSE(proved["progress"].empty());
  w.rejects("POST", "/api/jobs", R"({"kind": "prove", "spec": "tictactoe", "options": {"workers": 0}})", 400, "workers");

  const json list = w.ok("GET", "/api/jobs");
  ASSERT_FALSE(list["jobs"].empty());
  EXPECT_EQ(list["jobs"][1]["id"], job["id"]);

  w.rejects("POST", "/api/jobs", R"({"kind": "dance", "spec": "tictactoe"})", 400, "unknown job kind");
  w.rejects("POST", "/api/jobs", R"({"kind": "think", "spec": "tictactoe", "options": {"time": -1}})", 400, "time");
  w.rejects("POST", "/api/jobs", R"({"kind": "think", "spec": "tictactoe", "options": {"exclude": "--db x"}})", 400);
  w.rejects("POST", "/api/jobs", R"({"kind": "solve", "spec": "tictactoe", "moves": "b2 b2"})", 400);
}

TEST(Server, JobsQueueBeyondTheLimitAndCancel) {
  Workbench w(1);
  // The engine thinking for a minute on Gomoku: long enough to be cancelled.
  const json long_job = {{"kind", "think"}, {"spec", "mnk:15x15x5"}, {"moves", "h8"}, {"options", {{"time", 60}}}};
  const json first = w.ok("POST", "/api/jobs", long_job);
  const json second = w.ok("POST", "/api/jobs", long_job);
  ASSERT_TRUE(eventually([&] { return w.ok("GET", "/api/jobs/" + std::to_string(first["id"].get<int>()))["state"] == "running"; }, 20));
  const json health = w.ok("GET", "/api/health");
  EXPECT_EQ(health["jobs"]["running"], 1);
  EXPECT_EQ(health["jobs"]["queued"], 1);
  EXPECT_EQ(w.ok("GET", "/api/jobs/" + std::to_string(second["id"].get<int>()))["state"], "queued");

  EXPECT_EQ(w.ok("DELETE", "/api/jobs/" + std::to_string(second["id"].get<int>()))["state"], "cancelled");
  EXPECT_EQ(w.ok("DELETE", "/api/jobs/" + std::to_string(first["id"].get<int>()))["state"], "cancelled");
  EXPECT_EQ(w.ok("GET", "/api/health")["jobs"]["running"], 0);
  w.rejects("DELETE", "/api/jobs/12345", "", 404);
}

TEST(Server, TreesKeepEveryCommittedEditAcrossAKill) {
  const TemporaryDirectory keep("kinrow-serve-db");
  const auto db = keep / "workbench.db";
  int64_t tree = 0, node = 0;
  {
    Workbench w(1, db);
    const json t = w.ok("POST", "/api/trees", {{"name", "openings"}, {"spec", "tictactoe"}, {"moves", "b2"}});
    tree = t["id"];
    const std::string nodes = "/api/trees/" + std::to_string(tree) + "/nodes";
    const json a1 = w.ok("POST", nodes, {{"parent", nullptr}, {"turn", "a1"}});
    node = a1["id"];
    EXPECT_EQ(w.ok("POST", nodes, {{"parent", nullptr}, {"turn", "a1"}})["id"], node);  // no duplicate
    const json c3 = w.ok("POST", nodes, {{"parent", node}, {"turn", "c3"}});
    EXPECT_EQ(c3["parent"], node);
    w.ok("PATCH", nodes + "/" + std::to_string(node), {{"comment", "the corner reply draws"}});
    w.rejects("POST", nodes, json{{"parent", node}, {"turn", "b2"}}.dump(), 400, "b2");  // occupied
    w.rejects("POST", nodes, json{{"parent", 9999}, {"turn", "a2"}}.dump(), 404);
    w.rejects("PATCH", nodes + "/" + std::to_string(node), R"({"comment": 5})", 400);
    w.kill9();
  }
  Workbench w(1, db);
  EXPECT_EQ(w.ok("GET", "/api/trees")["trees"][0]["name"], "openings");
  const json t = w.ok("GET", "/api/trees/" + std::to_string(tree));
  ASSERT_EQ(t["nodes"].size(), 2u);
  EXPECT_EQ(t["nodes"][0]["comment"], "the corner reply draws");
  EXPECT_EQ(w.ok("DELETE", "/api/trees/" + std::to_string(tree) + "/nodes/" + std::to_string(node))["deleted"], 2);
  EXPECT_TRUE(w.ok("GET", "/api/trees/" + std::to_string(tree))["nodes"].empty());
  // A deleted node's id is not given again: a page that still holds it edits nothing.
  const json again = w.ok("POST", "/api/trees/" + std::to_string(tree) + "/nodes", {{"parent", nullptr}, {"turn", "a1"}});
  EXPECT_NE(again["id"], node);
}

TEST(Server, BookJobBuildsABookTheApiShows) {
  Workbench w;
  const json job = w.ok("POST", "/api/jobs", {{"kind", "book"}, {"spec", "tictactoe"}, {"moves", "b2 a2"},
                                              {"options", {{"time", 0.2}, {"engine_proofs", false}}}});
  const json done = w.wait_job(job["id"], 120);
  ASSERT_EQ(done["state"], "done") << done.dump();
  const json books = w.ok("GET", "/api/books")["books"];
  ASSERT_EQ(books.size(), 1u);
  const json book = w.ok("GET", "/api/books/" + std::to_string(books[0]["id"].get<int>()));
  EXPECT_EQ(book["status"], "proven");
  // The engine's turn, then a defender node whose defences the Verifier refuted: a book
  // that needed the defences list, not a proof the engine found at the root.
  ASSERT_GE(book["nodes"].size(), 2u);
  EXPECT_EQ(book["nodes"][1]["side"], "defender");
  w.rejects("GET", "/api/books/999", "", 404, "no such book");
  w.rejects("POST", "/api/jobs", R"({"kind": "book", "spec": "tictactoe", "options": {"engine_proofs": 1}})", 400);
}

TEST(Server, CertificatesOpenAndWalkToALeaf) {
  Workbench w;
  const auto file = w.dir() / "ttt.cert";
  const auto run = testing::kinrow("solve mnk:3x3x3 --moves \"b2 a2\" --certificate " + file.string());
  ASSERT_EQ(run.status, 0) << run.err;
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  auto c = w.client();
  auto opened = c.Post("/api/certificates", text, "text/plain");
  ASSERT_TRUE(opened);
  ASSERT_EQ(opened->status, 200) << opened->body;
  const json cert = json::parse(opened->body);
  EXPECT_EQ(cert["spec"], "mnk:3x3x3");
  const std::string walk = "/api/certificates/" + std::to_string(cert["id"].get<int>()) + "/walk";

  // Down the tree: the holder's turn, then the opponent's first reply, to an end.
  json node = w.ok("POST", walk, {{"moves", ""}});
  for (int depth = 0; depth < 12 && node["node"] != "end"; ++depth) {
    ASSERT_FALSE(node["children"].empty()) << node.dump();
    if (node["node"] == "holder") {
      EXPECT_TRUE(node["holder_turn"].is_string());
    }
    if (node["node"] == "opponent") {
      // Every legal reply of the opponent is listed.
      EXPECT_EQ(node["children"].size(), node["position"]["playable"].size());
    }
    node = w.ok("POST", walk, {{"moves", node["children"][0]["moves"]}});
  }
  EXPECT_EQ(node["node"], "end");
  EXPECT_TRUE(node["end_reason"].is_string());
  EXPECT_TRUE(node["problem"].is_null()) << node["problem"];

  auto bad = c.Post("/api/certificates", "this is not a certificate", "text/plain");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 400);
  EXPECT_NE(bad->body.find("not a certificate"), std::string::npos) << bad->body;
  w.rejects("POST", walk, R"({"moves": "z9"})", 400);
  w.rejects("POST", "/api/certificates/999/walk", "{}", 404, "no such certificate");
  EXPECT_EQ(w.ok("GET", "/api/certificates")["certificates"].size(), 1u);
  EXPECT_EQ(w.ok("GET", "/api/certificates/" + std::to_string(cert["id"].get<int>()))["spec"], "mnk:3x3x3");
  w.rejects("GET", "/api/certificates/999", "", 404, "no such certificate");
}

// A compressed certificate (--certificate NAME.gz) uploads as it is; one cut short is
// refused with the reason.
TEST(Server, CompressedCertificatesUpload) {
  Workbench w;
  const auto file = w.dir() / "ttt.cert.gz";
  const auto run = testing::kinrow("solve mnk:3x3x3 --moves \"b2 a2\" --certificate " + file.string());
  ASSERT_EQ(run.status, 0) << run.err;
  std::ifstream in(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  auto c = w.client();
  auto opened = c.Post("/api/certificates?name=ttt.cert.gz", bytes, "application/octet-stream");
  ASSERT_TRUE(opened);
  ASSERT_EQ(opened->status, 200) << opened->body;
  EXPECT_EQ(json::parse(opened->body)["spec"], "mnk:3x3x3");
  EXPECT_EQ(json::parse(opened->body)["name"], "ttt.cert.gz");
  auto cut = c.Post("/api/certificates", bytes.substr(0, bytes.size() / 2), "application/gzip");
  ASSERT_TRUE(cut);
  EXPECT_EQ(cut->status, 400);
  EXPECT_NE(cut->body.find("cut short"), std::string::npos) << cut->body;
}

TEST(Server, PuzzlesFromAJobAreJudgedMoveByMove) {
  Workbench w;
  const json job = w.ok("POST", "/api/jobs", {{"kind", "puzzles"}, {"spec", "tictactoe"}, {"options", {{"count", 2}}}});
  ASSERT_EQ(w.wait_job(job["id"], 120)["state"], "done");
  const json puzzles = w.ok("GET", "/api/puzzles")["puzzles"];
  ASSERT_FALSE(puzzles.empty());
  const json& p = puzzles[0];
  json attempt = {{"spec", "tictactoe"}, {"moves", p["moves"]}, {"length", p["length"]}};
  // A wrong first move: any empty cell but the solution's.
  const json position = w.ok("POST", "/api/position", {{"spec", "tictactoe"}, {"moves", p["moves"]}});
  for (const auto& cell : position["playable"]) {
    const std::string name = position["cells"][cell.get<int>()]["name"];
    if (name == p["first_move"]) continue;
    attempt["played"] = name;
    EXPECT_FALSE(w.ok("POST", "/api/puzzles/try", attempt)["right"].get<bool>()) << name;
  }
  // The solution, turn by turn, with the server's replies, ends in a completed line.
  std::string played = p["first_move"];
  for (int turn = 0; turn < p["length"].get<int>(); ++turn) {
    attempt["played"] = played;
    const json step = w.ok("POST", "/api/puzzles/try", attempt);
    ASSERT_TRUE(step["right"].get<bool>()) << played;
    if (step["solved"].get<bool>()) return;
    ASSERT_TRUE(step["reply"].is_string());
    // Whatever the server replied, a winning continuation exists: ask the solver.
    const json solve = w.ok("POST", "/api/jobs", {{"kind", "solve"}, {"spec", "tictactoe"},
                                                   {"moves", p["moves"].get<std::string>() + " " + played + " " + step["reply"].get<std::string>()}});
    const json done = w.wait_job(solve["id"]);
    played += " " + step["reply"].get<std::string>() + " " + done["result"]["best_move"].get<std::string>();
  }
  FAIL() << "the solution did not complete a line within the puzzle's length: " << played;
}

}  // namespace
}  // namespace kinrow
