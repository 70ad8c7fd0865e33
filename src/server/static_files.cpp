#include "server/static_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/api_error.h"

namespace kinrow::server {

namespace {

std::string mime_type(const std::filesystem::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".json") return "application/json";
  if (ext == ".ico") return "image/x-icon";
  return "application/octet-stream";
}

}  // namespace

std::optional<StaticFile> static_file(const std::string& root, const std::string& url_path) {
  namespace fs = std::filesystem;
  std::string relative = url_path == "/" || url_path.empty() ? "index.html" : url_path.substr(1);
  if (relative.find('\0') != std::string::npos || relative.find('\\') != std::string::npos)
    throw ApiError(400, "a path outside the web app's folder");
  for (const auto& part : fs::path(relative))
    if (part == "..") throw ApiError(400, "a path outside the web app's folder");

  std::error_code error;
  const fs::path base = fs::canonical(root, error);
  if (error) return std::nullopt;
  const fs::path file = fs::canonical(base / relative, error);
  if (error || !fs::is_regular_file(file)) return std::nullopt;
  // A link inside the folder may point out of it: compare the resolved paths.
  const auto [end, _] = std::mismatch(base.begin(), base.end(), file.begin(), file.end());
  if (end != base.end()) throw ApiError(400, "a path outside the web app's folder");

  std::ifstream in(file, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return StaticFile{content.str(), mime_type(file)};
}

}  // namespace kinrow::server
