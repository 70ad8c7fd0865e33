#include "server/workbench_server.h"

#include <httplib.h>

#include <functional>
#include <sys/socket.h>
#include <nlohmann/json.hpp>

#include "book/book_store.h"
#include "core/error.h"
#include "core/notation.h"
#include "engine/puzzles.h"
#include "engine/setup_stones.h"
#include "engine/sgf_record.h"
#include "games/families.h"
#include "server/api_error.h"
#include "server/api_handler.h"
#include "server/certificate_routes.h"
#include "server/job_queue.h"
#include "server/position_json.h"
#include "server/routes.h"
#include "server/static_files.h"
#include "server/workbench_db.h"

namespace kinrow::server {

using nlohmann::json;

struct WorkbenchServer::State {
  ServerOptions options;
  int listening_socket = -1;
  WorkbenchDb db;
  JobQueue jobs;
  httplib::Server http;
  Routes routes{http};

  explicit State(const ServerOptions& o)
      : options(o), db(o.database), jobs(db, {o.kinrow_binary, o.database}, o.max_jobs) {}
};

namespace {

void position_routes(WorkbenchServer::State& state) {
  // {"spec", "moves"}, or {"spec", "stones": [[first player's cells], [second's]]} for a
  // position set up freely (its moves are then an order kinrow chose).
  state.routes.post("/api/position", api([](const httplib::Request& request) {
    const json body = parse_body(request);
    if (!body.contains("stones")) {
      const RequestedPosition requested = requested_position(body);
      return position_json(play_moves(requested.game, requested.moves));
    }
    const RequestedPosition requested = requested_position(json{{"spec", string_field(body, "spec")}});
    const json& stones = body["stones"];
    if (!stones.is_array() || stones.size() != 2 || !stones[0].is_array() || !stones[1].is_array())
      throw ApiError(400, "\"stones\" must be [[first player's cells], [second player's cells]]");
    std::array<std::vector<Cell>, 2> cells;
    const int cell_count = requested.game.cell_count();
    for (int side = 0; side < 2; ++side)
      for (const json& cell : stones[side]) {
        // As a signed number, so that 2^64 - 1 is -1 and 2^32 + 4 no cell, not cell 4.
        if (!cell.is_number_integer() || cell.get<int64_t>() < 0 || cell.get<int64_t>() >= cell_count)
          throw ApiError(400, "\"stones\" must hold cell indices from 0 to " + std::to_string(cell_count - 1) + ", not " +
                                  json_text(cell));
        cells[side].push_back(static_cast<Cell>(cell.get<int64_t>()));
      }
    Position position(requested.game);
    play_setup_stones(position, cells);
    return position_json(position);
  }));
  // An SGF record (the body, as text) read as kinrow's spec and moves (docs/sgf.md).
  state.routes.post("/api/sgf", api([](const httplib::Request& request) {
    SgfImportOptions options;
    options.game_files = false;
    const SgfRecord record = import_sgf(request.body, options);
    return json{{"spec", record.spec}, {"moves", record.moves}, {"notes", record.notes}};
  }));
}

void job_routes(WorkbenchServer::State& state) {
  JobQueue& jobs = state.jobs;
  state.routes.post("/api/jobs", api([&jobs](const httplib::Request& request) { return jobs.submit(parse_body(request)); }));
  state.routes.get("/api/jobs", api([&jobs](const httplib::Request&) { return json{{"jobs", jobs.list()}}; }));
  state.routes.get(R"(/api/jobs/(\d+))", api([&jobs](const httplib::Request& request) {
    const auto job = jobs.get(path_id(request, 1));
    if (!job) throw ApiError(404, "no such job");
    return *job;
  }));
  state.routes.remove(R"(/api/jobs/(\d+))", api([&jobs](const httplib::Request& request) {
    const auto job = jobs.cancel(path_id(request, 1));
    if (!job) throw ApiError(404, "no such job");
    return *job;
  }));
  // Server-sent events: every progress line from the first, then the job when it ends.
  state.routes.get(R"(/api/jobs/(\d+)/events)", [&jobs](const httplib::Request& request, httplib::Response& response) {
    if (refused_as_foreign(request, response)) return;
    int64_t id = 0;
    try {
      id = path_id(request, 1);
    } catch (const ApiError& error) {
      return send_error(response, error.status, error.what());
    }
    if (!jobs.get(id)) return send_error(response, 404, "no such job");
    auto sent = std::make_shared<std::size_t>(0);
    auto state_sent = std::make_shared<std::string>();
    response.set_header("Cache-Control", "no-cache");
    response.set_chunked_content_provider("text/event-stream", [&jobs, id, sent, state_sent](std::size_t, httplib::DataSink& sink) {
      const auto update = jobs.updates(id, *sent, *state_sent, std::chrono::milliseconds(1000));
      if (!update) return false;
      std::string chunk;
      if (update->state != *state_sent) {
        chunk += "event: state\ndata: " + update->state + "\n\n";
        *state_sent = update->state;
      }
      for (const auto& line : update->lines) chunk += "event: progress\ndata: " + line + "\n\n";
      *sent += update->lines.size();
      if (update->finished) {
        const auto job = jobs.get(id);
        chunk += "event: end\ndata: " + (job ? json_text(*job) : "null") + "\n\n";
      } else if (chunk.empty()) {
        chunk = ": still running\n\n";  // keeps the connection and notices a closed one
      }
      if (!sink.write(chunk.data(), chunk.size())) return false;
      if (update->finished) sink.done();
      return true;
    });
  });
}

// The position of a tree node: the tree's root moves, then the turns down to the node.
Position node_position(const Game& game, const std::string& root_moves, const std::vector<std::string>& path) {
  std::string moves = root_moves;
  for (const auto& turn : path) moves += (moves.empty() ? "" : " ") + turn;
  return play_moves(game, moves);
}

void tree_routes(WorkbenchServer::State& state) {
  WorkbenchDb& db = state.db;
  state.routes.get("/api/trees", api([&db](const httplib::Request&) {
    std::lock_guard lock(db.mutex());
    return json{{"trees", db.trees()}};
  }));
  state.routes.post("/api/trees", api([&db](const httplib::Request& request) {
    const json body = parse_body(request);
    const RequestedPosition requested = requested_position(body);
    std::string name = string_field(body, "name");
    if (name.empty()) name = requested.game.spec + (requested.moves.empty() ? "" : " " + requested.moves);
    std::lock_guard lock(db.mutex());
    return db.create_tree(name, requested.game.spec, requested.moves);
  }));
  state.routes.get(R"(/api/trees/(\d+))", api([&db](const httplib::Request& request) {
    std::lock_guard lock(db.mutex());
    const auto tree = db.tree(path_id(request, 1));
    if (!tree) throw ApiError(404, "no such tree");
    return *tree;
  }));
  state.routes.post(R"(/api/trees/(\d+)/nodes)", api([&db](const httplib::Request& request) {
    const json body = parse_body(request);
    const int64_t tree_id = path_id(request, 1);
    int64_t parent = 0;
    if (body.contains("parent") && !body["parent"].is_null()) {
      if (!body["parent"].is_number_integer()) throw ApiError(400, "\"parent\" must be a node id or null");
      parent = body["parent"].get<int64_t>();
    }
    const std::string turn = string_field(body, "turn");
    if (turn.empty()) throw ApiError(400, "\"turn\" is missing");
    std::lock_guard lock(db.mutex());
    const auto tree = db.tree(tree_id);
    if (!tree) throw ApiError(404, "no such tree");
    auto path = db.path_to(tree_id, parent);
    if (!path) throw ApiError(404, "no such parent node in this tree");
    const Game game = make_game_without_files((*tree)["spec"].get<std::string>());
    // The turn is checked by playing it, and stored as kinrow writes it.
    const Position before = node_position(game, (*tree)["moves"].get<std::string>(), *path);
    path->push_back(turn);
    const Position after = node_position(game, (*tree)["moves"].get<std::string>(), *path);
    if (after.turns_played() != before.turns_played() + 1)
      throw ApiError(400, "\"" + turn + "\" is not one whole turn here");
    return db.add_node(tree_id, parent, format_turn(game, after.history().back()));
  }));
  state.routes.patch(R"(/api/trees/(\d+)/nodes/(\d+))", api([&db](const httplib::Request& request) {
    const json body = parse_body(request);
    if (!body.contains("comment") || !body["comment"].is_string()) throw ApiError(400, "\"comment\" must be a string");
    std::lock_guard lock(db.mutex());
    const auto node = db.set_comment(path_id(request, 1), path_id(request, 2), body["comment"].get<std::string>());
    if (!node) throw ApiError(404, "no such node in this tree");
    return *node;
  }));
  state.routes.remove(R"(/api/trees/(\d+)/nodes/(\d+))", api([&db](const httplib::Request& request) {
    std::lock_guard lock(db.mutex());
    const int deleted = db.delete_subtree(path_id(request, 1), path_id(request, 2));
    if (deleted == 0) throw ApiError(404, "no such node in this tree");
    return json{{"deleted", deleted}};
  }));
}

// Opening books, built by `book` jobs (kinrow book build) into this same database.
void book_routes(WorkbenchServer::State& state) {
  WorkbenchDb& db = state.db;
  state.routes.get("/api/books", api([&db](const httplib::Request&) {
    std::lock_guard lock(db.mutex());
    json books = json::array();
    for (const BookInfo& book : list_books(db.database())) books.push_back(json(book_summary_json(book)));
    return json{{"books", books}};
  }));
  state.routes.get(R"(/api/books/(\d+))", api([&db](const httplib::Request& request) {
    const int64_t id = path_id(request, 1);
    std::lock_guard lock(db.mutex());
    const auto book = find_book(db.database(), id);
    if (!book) throw ApiError(404, "no such book");
    return json(book_json(*book, book_nodes(db.database(), id)));
  }));
}

// Puzzles are the results of finished "puzzles" jobs; a try is judged by the forcing
// search that made them (engine/puzzles.h), with nothing kept between tries.
void puzzle_routes(WorkbenchServer::State& state) {
  JobQueue& jobs = state.jobs;
  state.routes.get("/api/puzzles", api([&jobs](const httplib::Request&) {
    json puzzles = json::array();
    for (const json& summary : jobs.list()) {
      if (summary["kind"] != "puzzles" || summary["state"] != "done") continue;
      const auto job = jobs.get(summary["id"].get<int64_t>());
      if (!job || !(*job)["result"].is_object()) continue;
      for (json puzzle : (*job)["result"].value("list", json::array())) {
        puzzle["job"] = summary["id"];
        puzzles.push_back(puzzle);
      }
    }
    return json{{"puzzles", puzzles}};
  }));
  // {"spec", "moves": the puzzle's position, "played": the turns since, the solver's
  // last, "length"} -> {"right", "solved", "reply", "undecided"}
  state.routes.post("/api/puzzles/try", api([](const httplib::Request& request) {
    const json body = parse_body(request);
    const RequestedPosition puzzle = requested_position(body);
    if (!body.contains("length") || !body["length"].is_number_integer() || body["length"] < 1 || body["length"] > 20)
      throw ApiError(400, "\"length\" must be the puzzle's length, an integer from 1 to 20");
    const Position start = play_moves(puzzle.game, puzzle.moves);
    const Position played = play_moves(puzzle.game, puzzle.moves + " " + string_field(body, "played"));
    const int since = played.turns_played() - start.turns_played();
    if (since % 2 != 1) throw ApiError(400, "\"played\" must end with the solver's turn");
    Position before = played;
    before.undo();
    const int turns_left = body["length"].get<int>() - since / 2;
    if (turns_left < 1) throw ApiError(400, "\"played\" has more of the solver's turns than the puzzle's length");
    const PuzzleStep step = judge_puzzle_turn(before, played.history().back(), turns_left);
    return json{{"right", step.right},
                {"solved", step.solved},
                {"undecided", step.undecided},
                {"reply", step.reply ? json(format_turn(puzzle.game, *step.reply)) : json(nullptr)}};
  }));
}

void general_routes(WorkbenchServer::State& state) {
  state.routes.get("/api/health", api([&state](const httplib::Request&) {
    return json{{"ok", true}, {"program", "kinrow"}, {"jobs", state.jobs.counts()}};
  }));
  // Games to start from; any spec kinrow reads may be typed in instead.
  state.routes.get("/api/games", api([](const httplib::Request&) {
    json games = json::array();
    for (const auto& [name, spec] : std::vector<std::pair<const char*, const char*>>{
             {"Tic-tac-toe", "tictactoe"},
             {"Connect Four", "connect4"},
             {"Gomoku 15×15", "mnk:15x15x5"},
             {"Connect6 19×19", "connect6"},
             {"Qubic 4×4×4", "qubic"},
             {"mnk 7×7×4", "mnk:7x7x4"}})
      games.push_back({{"name", name}, {"spec", make_game(spec).spec}});
    return json{{"games", games}};
  }));
  // The web app's files: every path but the API's.
  state.routes.get(R"(/(?!api/).*)", [&state](const httplib::Request& request, httplib::Response& response) {
    if (refused_as_foreign(request, response)) return;
    try {
      const auto file = static_file(state.options.web_root, request.path);
      if (!file) return send_error(response, 404, "no such file: " + request.path);
      response.set_content(file->content, file->mime_type);
    } catch (const ApiError& error) {
      send_error(response, error.status, error.what());
    }
  });
}

}  // namespace

WorkbenchServer::WorkbenchServer(const ServerOptions& options) : state_(std::make_unique<State>(options)) {
  auto& http = state_->http;
  const int threads = options.threads;
  http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
  http.set_payload_max_length(options.max_body_bytes);
  // httplib applies that limit to bodies with a Content-Length only: a chunked body, or
  // one read to the end of the connection, could grow without one. No client of ours
  // sends either, so neither is taken (checked before the body is read; other sites'
  // pages are refused after it, in the handlers: see refused_as_foreign).
  http.set_pre_routing_handler([](const httplib::Request& request, httplib::Response& response) {
    const bool body_without_length =
        request.has_header("Transfer-Encoding") ||
        (!request.has_header("Content-Length") && (request.method == "POST" || request.method == "PUT" || request.method == "PATCH"));
    if (!body_without_length) return httplib::Server::HandlerResponse::Unhandled;
    send_error(response, 411, "send the body with a Content-Length (chunked bodies are not taken)");
    return httplib::Server::HandlerResponse::Handled;
  });
  // httplib listens with a backlog of 5: under a burst of new connections the kernel
  // drops the rest, and each client waits for a SYN retransmission (1 s, 3 s, 7 s).
  // The socket is kept here to listen again with the system's maximum once bound.
  http.set_socket_options([state = state_.get()](int socket) {
    httplib::default_socket_options(socket);
    state->listening_socket = socket;
  });
  // Statuses httplib sets itself (413, 400 on a bad request line, 404 with no route)
  // get the same {"error"} body as ours.
  http.set_error_handler([](const httplib::Request&, httplib::Response& response) {
    if (!response.body.empty()) return;
    const char* message = response.status == 413   ? "request too large"
                          : response.status == 404 ? "not found"
                          : response.status == 405 ? "method not allowed"
                                                   : "bad request";
    response.set_content(json_text(json{{"error", message}}), "application/json");
  });
  // httplib tries routes in the order given: the catch-alls come last.
  position_routes(*state_);
  job_routes(*state_);
  tree_routes(*state_);
  book_routes(*state_);
  certificate_routes(state_->routes, state_->db);
  puzzle_routes(*state_);
  general_routes(*state_);
  state_->routes.answer_the_rest();
}

WorkbenchServer::~WorkbenchServer() = default;

int WorkbenchServer::bind() {
  const auto& o = state_->options;
  const int port = o.port == 0 ? state_->http.bind_to_any_port(o.host) : (state_->http.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0) throw InputError("cannot listen on " + o.host + ":" + std::to_string(o.port) + " (in use?)");
  if (state_->listening_socket >= 0) ::listen(state_->listening_socket, SOMAXCONN);
  return port;
}

void WorkbenchServer::serve() {
  state_->http.listen_after_bind();
}

void WorkbenchServer::stop() {
  state_->http.stop();
}

}  // namespace kinrow::server
