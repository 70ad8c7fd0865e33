// What every API route shares: a handler returns JSON or throws, and the wrapper turns
// each failure into a status with {"error": "one line"} — ApiError its own status,
// kinrow's InputError (bad input the library found) 400, anything else 500.
#pragma once

#include <httplib.h>

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace kinrow::server {

using JsonHandler = std::function<nlohmann::json(const httplib::Request&)>;
httplib::Server::Handler api(JsonHandler handler);

void send_error(httplib::Response& response, int status, const std::string& message);

// JSON as the server sends it: bytes that are not UTF-8 (a name or a path a client sent)
// become U+FFFD instead of failing the answer, so a stored odd name cannot break a list.
std::string json_text(const nlohmann::json& value);

// Answers 403 and returns true for a request from another site's page: any page the
// browser has open may send requests to 127.0.0.1 (a form or a text/plain POST needs no
// permission). Refused: an Origin that is not http://<the request's Host>, and, on a
// connection to a loopback address, a Host that is not a loopback name, which a site that
// points its own name at 127.0.0.1 (DNS rebinding) would send. Checked once the body has
// been read (api() does it for every API route): a request refused before that would
// leave its body to be read as a next request, unchecked.
bool refused_as_foreign(const httplib::Request& request, httplib::Response& response);

// Refuses (400) a client's text that is not UTF-8 before it is kept, naming the field.
void require_utf8(const std::string& text, const char* field);

// The request's body as a JSON object ({} if empty); 400 if it is not one.
nlohmann::json parse_body(const httplib::Request& request);

// The number captured by the route's pattern at `index` (404 if it is not one).
int64_t path_id(const httplib::Request& request, int index);

}  // namespace kinrow::server
