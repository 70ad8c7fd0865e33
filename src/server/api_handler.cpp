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

void send_error(httplib::Response& response, int status, const std::string& message) {
  response.status = status;
  response.set_content(json{{"error", message}}.dump(), "application/json");
}

httplib::Server::Handler api(JsonHandler handler) {
  return [handler = std::move(handler)](const httplib::Request& request, httplib::Response& response) {
    try {
      response.set_content(handler(request).dump(), "application/json");
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
