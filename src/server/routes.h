// The workbench's routes: registered with httplib and remembered, so that a path the
// server knows, asked with a method it does not take (GET /api/position, POST to a
// page), is answered 405 with the methods it takes in Allow, where httplib alone would
// answer 404 as for a path that does not exist.
#pragma once

#include <httplib.h>

#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace kinrow::server {

class Routes {
 public:
  explicit Routes(httplib::Server& http) : http_(http) {}

  // Patterns as httplib takes them: a regular expression the whole path must match.
  void get(const std::string& pattern, httplib::Server::Handler handler);
  void post(const std::string& pattern, httplib::Server::Handler handler);
  void patch(const std::string& pattern, httplib::Server::Handler handler);
  void remove(const std::string& pattern, httplib::Server::Handler handler);  // DELETE

  // Registers, after every route, what answers the requests none of them took: 405 with
  // Allow where the path is known under other methods, 404 otherwise.
  void answer_the_rest();

 private:
  void remember(const char* method, const std::string& pattern);
  // "GET, HEAD" and the rest: the methods whose routes match `path` ("" if none do).
  std::string allowed_methods(const std::string& path) const;

  httplib::Server& http_;
  std::vector<std::pair<std::regex, std::string>> known_;  // a pattern and its method
};

}  // namespace kinrow::server
