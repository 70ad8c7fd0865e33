// The web app's files, served from one folder: a request path maps to a file inside it
// or to nothing — never to a file outside, whatever ".." or links the path holds.
#pragma once

#include <optional>
#include <string>

namespace kinrow::server {

struct StaticFile {
  std::string content;
  std::string mime_type;
};

// The file for a URL path ("/" is index.html). Nullopt if there is none; throws ApiError
// 400 for a path that tries to leave the folder.
std::optional<StaticFile> static_file(const std::string& root, const std::string& url_path);

}  // namespace kinrow::server
