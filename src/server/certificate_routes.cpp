#include "server/certificate_routes.h"

#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.h"
#include "core/notation.h"
#include "core/text_file.h"
#include "games/families.h"
#include "proof/certificate_browser.h"
#include "server/api_error.h"
#include "server/api_handler.h"
#include "server/position_json.h"

namespace kinrow::server {

namespace {

using nlohmann::json;

// The most text a compressed upload may inflate to: the browser holds the certificate
// whole, and the database a copy.
constexpr std::size_t kMostCertificateText = std::size_t{256} << 20;

std::shared_ptr<CertificateBrowser> open_browser(const std::string& text) {
  std::istringstream in(text);
  const Game game = make_game_without_files(read_certificate_spec(in));
  return std::make_shared<CertificateBrowser>(game, text);
}

json summary(int64_t id, const std::string& name, const CertificateBrowser& browser) {
  json strategies = json::array();
  for (const BrowseStrategyInfo& s : browser.strategies())
    strategies.push_back({{"holder", s.holder}, {"claim", claim_name(s.claim)}, {"rules", s.rules},
                          {"entries", s.entries}, {"paired", s.paired}, {"zones", s.zones},
                          {"stronger", s.stronger}});
  return {{"id", id}, {"name", name}, {"spec", browser.game().spec}, {"start", browser.start()},
          {"entries", browser.entries()}, {"strategies", strategies}};
}

json node_json(const CertificateBrowser& browser, const BrowseNode& node) {
  const Game& game = browser.game();
  json children = json::array();
  for (const BrowseChild& child : node.children)
    children.push_back({{"turn", child.turn_text},
                        {"moves", child.moves},
                        {"answered_by", child.answered_by},
                        {"end_reason", child.end_reason.empty() ? json(nullptr) : json(child.end_reason)},
                        {"positions_below", child.positions_below},
                        {"capped", child.capped}});
  json zone = nullptr;
  if (node.zone) {
    zone = json::array();
    for (const BrowseZoneCell& z : *node.zone) zone.push_back({{"cell", z.cell}, {"level", z.level}});
  }
  json pairs = nullptr;
  if (node.pairs) {
    pairs = json::array();
    for (const std::vector<Cell>& tuple : *node.pairs) pairs.push_back(tuple);  // two cells, or p + 1
  }
  auto text_or_null = [](const std::string& s) { return s.empty() ? json(nullptr) : json(s); };
  return {{"position", position_json(node.position)},
          {"moves", node.moves},
          {"node", browse_node_name(node.node)},
          {"end_reason", text_or_null(node.end_reason)},
          {"problem", text_or_null(node.problem)},
          {"holder_turn", node.holder_turn ? json(format_turn(game, *node.holder_turn)) : json(nullptr)},
          {"holder_rule", text_or_null(node.holder_rule)},
          {"entry_line", node.entry_line},
          {"children", children},
          {"zone", zone},
          {"zone_placed", node.zone_placed},
          {"given", node.given},  // cells given the opponent by stronger positions on the way
          {"pairs", pairs},
          {"positions_below", node.positions_below},
          {"capped", node.capped}};
}

}  // namespace

void certificate_routes(Routes& routes, WorkbenchDb& db) {
  // Browsers by certificate id; built outside the database's lock (a big certificate
  // takes a while to read).
  struct Browsers {
    std::mutex mutex;
    std::map<int64_t, std::shared_ptr<CertificateBrowser>> by_id;
  };
  auto browsers = std::make_shared<Browsers>();
  auto browser_of = [&db, browsers](int64_t id) {
    {
      std::lock_guard lock(browsers->mutex);
      const auto it = browsers->by_id.find(id);
      if (it != browsers->by_id.end()) return it->second;
    }
    std::optional<std::pair<std::string, std::string>> stored;
    {
      std::lock_guard lock(db.mutex());
      stored = db.certificate(id);
    }
    if (!stored) throw ApiError(404, "no such certificate");
    auto browser = open_browser(stored->second);
    std::lock_guard lock(browsers->mutex);
    return browsers->by_id.emplace(id, browser).first->second;
  };

  // The body: the certificate's text, plain or gzip-compressed (a file `--certificate
  // NAME.gz` wrote; its name in ?name=), or {"name", "text"}.
  routes.post("/api/certificates", api([&db, browsers](const httplib::Request& request) {
    std::string name = "certificate", text;
    if (request.get_header_value("Content-Type").find("application/json") != std::string::npos) {
      const json body = parse_body(request);
      text = string_field(body, "text");
      name = string_field(body, "name", name);
    } else {
      if (request.has_param("name")) name = request.get_param_value("name");
      try {
        text = text_of_bytes(request.body, kMostCertificateText);
      } catch (const InputError& error) {
        throw ApiError(400, error.what());
      }
    }
    require_utf8(name, "name");
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) throw ApiError(400, "the certificate is empty");
    std::shared_ptr<CertificateBrowser> browser;
    try {
      browser = open_browser(text);
    } catch (const InputError& error) {
      throw ApiError(400, std::string("not a certificate kinrow reads: ") + error.what());
    }
    int64_t id = 0;
    {
      std::lock_guard lock(db.mutex());
      id = db.add_certificate(name, text);
    }
    {
      std::lock_guard lock(browsers->mutex);
      browsers->by_id[id] = browser;
    }
    return summary(id, name, *browser);
  }));
  routes.get("/api/certificates", api([&db](const httplib::Request&) {
    std::lock_guard lock(db.mutex());
    json list = json::array();
    for (const auto& [id, name] : db.certificates()) list.push_back({{"id", id}, {"name", name}});
    return json{{"certificates", list}};
  }));
  routes.get(R"(/api/certificates/(\d+))", api([&db, browser_of](const httplib::Request& request) {
    const int64_t id = path_id(request, 1);
    const auto browser = browser_of(id);
    std::lock_guard lock(db.mutex());
    return summary(id, db.certificate(id)->first, *browser);
  }));
  // {"moves": from the certificate's start, "holder": 0|1 (optional)} -> the node.
  routes.post(R"(/api/certificates/(\d+)/walk)", api([browser_of](const httplib::Request& request) {
    const json body = parse_body(request);
    int holder = -1;
    if (body.contains("holder") && !body["holder"].is_null()) {
      if (!body["holder"].is_number_integer() || body["holder"] < 0 || body["holder"] > 1)
        throw ApiError(400, "\"holder\" must be 0 (first player) or 1");
      holder = body["holder"].get<int>();
    }
    const auto browser = browser_of(path_id(request, 1));
    return node_json(*browser, browser->walk(string_field(body, "moves"), holder));
  }));
}

}  // namespace kinrow::server
