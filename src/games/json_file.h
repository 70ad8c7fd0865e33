// A JSON document read from a file: a game given by its lines (`file:PATH.json`) or a
// tiling of the plane. One reader, so that every such file is refused the same way.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace kinrow {

// The document in `path` (plain or gzip-compressed). InputError if the file cannot be
// read (or is a folder), or "PATH: not valid JSON: parse error at line L, column C: ..."
// with nlohmann's reason.
nlohmann::json read_json_file(const std::string& path);

}  // namespace kinrow
