// The documentation's links lead somewhere: every relative link in the repository's
// Markdown files names a file that exists, and a link to a section (`page.md#anchor`)
// names a heading of that page. Files move and headings change as the code does; a
// newcomer following docs/README.md should never land on nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kSource = KINROW_SOURCE_DIR;

// The Markdown files kinrow writes: below the source folder, leaving out git's folder,
// npm's packages and build folders (the ones CMake made: they hold a CMakeCache.txt).
std::vector<fs::path> markdown_files() {
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(kSource); it != fs::recursive_directory_iterator(); ++it) {
    const fs::path& path = it->path();
    if (it->is_directory()) {
      const std::string name = path.filename().string();
      if (name == ".git" || name == "node_modules" || fs::exists(path / "CMakeCache.txt")) it.disable_recursion_pending();
    } else if (path.extension() == ".md") {
      files.push_back(path);
    }
  }
  return files;
}

// The lines outside fenced code blocks, each with its number: a link in a code block
// is an example, not a link.
std::vector<std::pair<int, std::string>> prose_lines(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::pair<int, std::string>> lines;
  std::string line;
  bool fenced = false;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.starts_with("```")) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) lines.emplace_back(number, line);
  }
  return lines;
}

// `text` without its inline code spans (`like this`), which may hold brackets.
std::string without_code(const std::string& text) {
  std::string out;
  bool code = false;
  for (char c : text) {
    if (c == '`') code = !code;
    else if (!code) out += c;
  }
  return out;
}

// A heading's anchor as GitHub makes it: lower case, every character but letters, digits,
// '_', '-' and spaces dropped, spaces made '-'. Letters outside ASCII are kept for the
// Latin and Greek blocks (the docs' headings have è; × and – are dropped as symbols).
std::string anchor_of(const std::string& heading) {
  std::string out;
  for (std::size_t i = 0; i < heading.size();) {
    const auto byte = static_cast<unsigned char>(heading[i]);
    if (byte < 0x80) {
      if (std::isalnum(byte) || byte == '_' || byte == '-') out += static_cast<char>(std::tolower(byte));
      else if (byte == ' ') out += '-';
      ++i;
      continue;
    }
    // A two-byte UTF-8 sequence (U+0080 to U+07FF); longer ones are symbols here.
    const int length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
    if (length == 2 && i + 1 < heading.size()) {
      unsigned code = ((byte & 0x1Fu) << 6) | (static_cast<unsigned char>(heading[i + 1]) & 0x3Fu);
      const bool letter = (code >= 0xC0 && code <= 0x24F && code != 0xD7 && code != 0xF7) ||
                          (code >= 0x370 && code <= 0x3FF);
      if (letter) {
        if ((code >= 0xC0 && code <= 0xDE) || (code >= 0x391 && code <= 0x3A9)) code += 0x20;  // lower case
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
      }
    }
    i += length;
  }
  return out;
}

// The anchors of a page's headings; a repeated heading's later anchors end in -1, -2, …
std::set<std::string> anchors_of(const fs::path& page) {
  std::set<std::string> anchors;
  for (const auto& [number, line] : prose_lines(page)) {
    const std::size_t hashes = line.find_first_not_of('#');
    if (hashes == 0 || hashes == std::string::npos || hashes > 6 || line[hashes] != ' ') continue;
    std::string heading = line.substr(hashes + 1);
    // A link in a heading anchors by its text.
    for (std::size_t open; (open = heading.find("](")) != std::string::npos;) {
      const std::size_t close = heading.find(')', open);
      if (close == std::string::npos) break;
      heading.erase(open, close - open + 1);
      const std::size_t bracket = heading.rfind('[', open);
      if (bracket != std::string::npos) heading.erase(bracket, 1);
    }
    const std::string anchor = anchor_of(heading);
    std::string unique = anchor;
    for (int n = 1; anchors.count(unique); ++n) unique = anchor + "-" + std::to_string(n);
    anchors.insert(unique);
  }
  return anchors;
}

struct Link {
  fs::path file;
  int line = 0;
  std::string target;
};

// Every `](target)` outside code, but web addresses (`https:`, `mailto:`): the relative links.
std::vector<Link> relative_links(const fs::path& file) {
  std::vector<Link> links;
  for (const auto& [number, text] : prose_lines(file)) {
    const std::string line = without_code(text);
    for (std::size_t at = 0; (at = line.find("](", at)) != std::string::npos;) {
      at += 2;
      const std::size_t end = line.find_first_of(") ", at);
      if (end == std::string::npos) break;
      const std::string target = line.substr(at, end - at);
      const std::size_t colon = target.find(':'), slash = target.find_first_of("/#");
      const bool scheme = colon != std::string::npos && (slash == std::string::npos || colon < slash);
      if (!target.empty() && !scheme) links.push_back({file, number, target});
    }
  }
  return links;
}

std::string where(const Link& link) {
  return fs::relative(link.file, kSource).string() + ":" + std::to_string(link.line) + ": (" + link.target + ")";
}

TEST(DocsLinks, AnchorsAreMadeAsGitHubMakesThem) {
  EXPECT_EQ(anchor_of("The foundation suite: `bench/run`"), "the-foundation-suite-benchrun");
  EXPECT_EQ(anchor_of("mnk:8x8x5 proved: the whole board (2026-11-29)"), "mnk8x8x5-proved-the-whole-board-2026-11-29");
  EXPECT_EQ(anchor_of("Connect6 8×8: split"), "connect6-88-split");
  EXPECT_EQ(anchor_of("Misère Connect-k (Steele & Larremore)"), "misère-connect-k-steele--larremore");
  EXPECT_EQ(anchor_of("Pons' test sets – 7×6"), "pons-test-sets--76");
}

TEST(DocsLinks, EveryRelativeLinkNamesAFileAndAHeading) {
  const std::vector<fs::path> files = markdown_files();
  ASSERT_TRUE(std::count(files.begin(), files.end(), kSource / "README.md")) << "README.md not found";
  ASSERT_GT(files.size(), 20u) << "the docs/ pages not found";
  int checked = 0;
  for (const fs::path& file : files) {
    for (const Link& link : relative_links(file)) {
      ++checked;
      const std::size_t hash = link.target.find('#');
      const std::string path = link.target.substr(0, hash);
      const fs::path target = path.empty() ? file : (file.parent_path() / path).lexically_normal();
      if (!fs::exists(target)) {
        ADD_FAILURE() << where(link) << ": no such file";
        continue;
      }
      if (hash == std::string::npos || target.extension() != ".md") continue;
      const std::string anchor = link.target.substr(hash + 1);
      EXPECT_TRUE(anchors_of(target).count(anchor)) << where(link) << ": no heading with this anchor in "
                                                    << fs::relative(target, kSource).string();
    }
  }
  EXPECT_GT(checked, 200) << "fewer links than the docs hold: is the link syntax still read?";
}

}  // namespace
