#include "server/api_handler.h"

#include "core/error.h"
#include "server/api_error.h"

namespace kinrow::server {

using nlohmann::json;

json parse_body(const httplib::Request& request) {
  if (request.body.empty()) return json::object();
  json body = json::parse(request.body, nullptr, false);
  if (body.is_discarded()) throw ApiError(400, "malformed JSON in the request body");
  if (!body.is_object()) throw ApiError(400, "the request body must be a JSON object");
  return body;
}

int64_t path_id(const httplib::Request& request, int index) {
  try {
    return std::stoll(request.matches[index].str());
  } catch (const std::exception&) {
    throw ApiError(404, "no such id");
  }
}

std::string json_text(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

void require_utf8(const std::string& text, const char* field) {
  try {
    (void)json(text).dump();
  } catch (const json::type_error&) {
    throw ApiError(400, std::string("\"") + field + "\" is not UTF-8 text");
  }
}

namespace {

bool loopback_address(const std::string& address) {
  return address.rfind("127.", 0) == 0 || address == "::1" || address.rfind("::ffff:127.", 0) == 0;
}

}  // namespace

bool refused_as_foreign(const httplib::Request& request, httplib::Response& response) {
  const std::string host = request.get_header_value("Host");
  if (request.has_header("Origin") && request.get_header_value("Origin") != "http://" + host) {
    send_error(response, 403, "a request from another site's page is refused");
    return true;
  }
  std::string name = host;  // without its port: "127.0.0.1:8080", "[::1]:8080"
  if (!name.empty() && name.back() != ']' && name.rfind(':') != std::string::npos) name.resize(name.rfind(':'));
  if (loopback_address(request.local_addr) && !loopback_address(name) && name != "localhost" && name != "[::1]") {
    send_error(response, 403, "the workbench answers to 127.0.0.1 or localhost only");
    return true;
  }
  return false;
}

void send_error(httplib::Response& response, int status, const std::string& message) {
  response.status = status;
  response.set_content(json_text(json{{"error", message}}), "application/json");
}

httplib::Server::Handler api(JsonHandler handler) {
  return [handler = std::move(handler)](const httplib::Request& request, httplib::Response& response) {
    if (refused_as_foreign(request, response)) return;
    try {
      response.set_content(json_text(handler(request)), "application/json");
    } catch (const ApiError& error) {
      send_error(response, error.status, error.what());
    } catch (const InputError& error) {
      send_error(response, 400, error.what());
    } catch (const std::exception& error) {
      send_error(response, 500, std::string("internal error: ") + error.what());
    }
  };
}

}  // namespace kinrow::server
