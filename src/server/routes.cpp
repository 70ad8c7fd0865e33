#include "server/routes.h"

#include "server/api_handler.h"

namespace kinrow::server {

void Routes::remember(const char* method, const std::string& pattern) {
  known_.emplace_back(std::regex(pattern), method);
}

void Routes::get(const std::string& pattern, httplib::Server::Handler handler) {
  remember("GET", pattern);
  http_.Get(pattern, std::move(handler));
}

void Routes::post(const std::string& pattern, httplib::Server::Handler handler) {
  remember("POST", pattern);
  http_.Post(pattern, std::move(handler));
}

void Routes::patch(const std::string& pattern, httplib::Server::Handler handler) {
  remember("PATCH", pattern);
  http_.Patch(pattern, std::move(handler));
}

void Routes::remove(const std::string& pattern, httplib::Server::Handler handler) {
  remember("DELETE", pattern);
  http_.Delete(pattern, std::move(handler));
}

std::string Routes::allowed_methods(const std::string& path) const {
  std::string allowed;
  auto allow = [&allowed](const std::string& method) {
    if (allowed.find(method) != std::string::npos) return;
    allowed += (allowed.empty() ? "" : ", ") + method;
  };
  for (const auto& [pattern, method] : known_) {
    if (!std::regex_match(path, pattern)) continue;
    allow(method);
    if (method == "GET") allow("HEAD");  // httplib answers HEAD by the GET route
  }
  return allowed;
}

void Routes::answer_the_rest() {
  // Registered last, after every route; the body (if any) is read first, as for any route.
  const httplib::Server::Handler unrouted = [this](const httplib::Request& request, httplib::Response& response) {
    const std::string allowed = allowed_methods(request.path);
    if (allowed.empty()) {
      const bool api = request.path.rfind("/api/", 0) == 0;
      return send_error(response, 404, api ? "no such API endpoint" : "no such file: " + request.path);
    }
    response.set_header("Allow", allowed);
    // OPTIONS asks which methods a path takes: the answer is Allow, and no CORS header
    // (other sites' pages are not served: refused_as_foreign).
    if (request.method == "OPTIONS") {
      response.status = 204;
      return;
    }
    send_error(response, 405, request.method + " is not taken here; " + request.path + " takes " + allowed);
  };
  http_.Get(".*", unrouted);
  http_.Post(".*", unrouted);
  http_.Put(".*", unrouted);
  http_.Patch(".*", unrouted);
  http_.Delete(".*", unrouted);
  http_.Options(".*", unrouted);
}

}  // namespace kinrow::server
