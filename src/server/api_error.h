// The error an API handler throws to answer with a 4xx: the status and a one-line
// message, sent as {"error": message}. Anything else a handler throws is the server's
// fault (500), except kinrow's InputError, which is the request's (400).
#pragma once

#include <stdexcept>
#include <string>

namespace kinrow::server {

struct ApiError : std::runtime_error {
  ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

}  // namespace kinrow::server
