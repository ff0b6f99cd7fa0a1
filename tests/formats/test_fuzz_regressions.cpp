// Replays the fuzzer's regression inputs: each must parse or be rejected with InputError.
#include <gtest/gtest.h>

#include <filesystem>

#include "formats/chaco_graph.hpp"
#include "tests/support/test_files.hpp"

TEST(FuzzRegressions, EveryInputParsesOrIsRejectedCleanly) {
    const auto folder = part::test::source_file("tests/fuzz/regressions");
    int replayed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (!entry.is_regular_file()) continue;
        const std::string text = part::test::read_text(entry.path());
        try {
            part::validate(part::formats::parse_chaco_graph(text, entry.path().filename()));
        } catch (const part::InputError&) {
        } catch (const std::exception& e) {
            ADD_FAILURE() << entry.path() << ": unexpected exception " << e.what();
        }
        ++replayed;
    }
    EXPECT_GT(replayed, 0) << "no regression inputs in " << folder;
}
