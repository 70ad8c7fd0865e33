// kinrow prove-draw as a user meets it: the empty 4x4 board proved a draw with no search,
// its certificate verified and a tampered copy rejected, and the errors it gives.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.h"

namespace {

using kinrow::testing::CliRun;
using kinrow::testing::kinrow;

TEST(ProveDraw, FourByFourIsADrawWithOneNodeAndTheCertificateVerifies) {
  const auto path = std::filesystem::temp_directory_path() / ("kinrow_444_" + std::to_string(::getpid()) + ".cert");
  const CliRun proved = kinrow("prove-draw mnk:4x4x4 --json --certificate " + path.string());
  ASSERT_EQ(proved.status, 0) << proved.err;
  const auto json = nlohmann::json::parse(proved.out);
  EXPECT_EQ(json["proves"], "draw");
  EXPECT_EQ(json["search_nodes"], 1);
  EXPECT_FALSE(json["second_player_defends"]["matching_sets"].empty()) << "plain pairs cannot do it";

  const CliRun verified = kinrow("verify mnk:4x4x4 " + path.string());
  EXPECT_EQ(verified.status, 0) << verified.out;
  EXPECT_NE(verified.out.find("proved: draw"), std::string::npos);

  // Tamper: the second player's first reply of its matching set answers the wrong cell.
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  in.close();
  const std::size_t arrow = text.find("->", text.find("\n["));
  ASSERT_NE(arrow, std::string::npos);
  const std::size_t space = text.find(' ', arrow);
  text.replace(arrow + 2, space - arrow - 2, text.substr(text.rfind(' ', arrow) + 1, arrow - text.rfind(' ', arrow) - 1));
  std::ofstream(path) << text;
  const CliRun tampered = kinrow("verify mnk:4x4x4 " + path.string());
  EXPECT_EQ(tampered.status, 1) << tampered.out;
  EXPECT_NE(tampered.out.find("rejected"), std::string::npos);
  std::filesystem::remove(path);
}

TEST(ProveDraw, SaysWhatItCannotProve) {
  const CliRun tictactoe = kinrow("prove-draw mnk:3x3x3 --side second");
  EXPECT_EQ(tictactoe.status, 1);
  EXPECT_NE(tictactoe.out.find("proved       nothing"), std::string::npos);
  const CliRun gravity = kinrow("prove-draw connect4");
  EXPECT_EQ(gravity.status, 2);
  EXPECT_NE(gravity.err.find("gravity"), std::string::npos);
  EXPECT_EQ(kinrow("prove-draw mnk:5x5x5 --method nonsense").status, 2);
  EXPECT_EQ(kinrow("prove-draw").status, 2);
  const CliRun big = kinrow("prove-draw mnk:12x12x12 --method hj");
  EXPECT_EQ(big.status, 0);
  EXPECT_NE(big.out.find("proved       draw"), std::string::npos);
}

TEST(ProveDraw, TheSurveyIsOneJsonObject) {
  // Found or not, --json gives one object: a script reads it with one parse.
  for (const char* spec : {"mnk:5x4x4", "mnk:5x5x5"}) {
    const CliRun survey = kinrow(std::string("prove-draw ") + spec + " --survey 40 --json");
    ASSERT_EQ(survey.status, 0) << survey.err;
    const auto json = nlohmann::json::parse(survey.out);
    EXPECT_EQ(json["game"], spec);
    EXPECT_EQ(json["positions"], 40);
    EXPECT_TRUE(json["configurations"].is_array()) << survey.out;
  }
}

}  // namespace
