// The library's folders depend one way (libpart/README.md): a folder never includes from one
// that depends on it, so no include cycle can form between them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "tests/support/test_files.hpp"

namespace {

// The libpart folders that the files of `folder` include from, other than itself.
std::set<std::string> included_folders(const std::string& folder) {
    const std::regex include_line(R"(^\s*#include\s+"libpart/([a-z_]+)/)");
    std::set<std::string> folders;
    const std::filesystem::path root = part::test::source_file("libpart/" + folder);
    for (const auto& entry : std::filesystem::directory_iterator(root)) {
        std::ifstream in(entry.path());
        std::string line;
        std::smatch match;
        while (std::getline(in, line))
            if (std::regex_search(line, match, include_line) && match[1] != folder)
                folders.insert(match[1]);
    }
    return folders;
}

using Folders = std::set<std::string>;

} // namespace

TEST(FolderDependencies, OrderingsAndGeneralRefinementNeedOnlyTheCore) {
    EXPECT_EQ(included_folders("order"), Folders{"core"});
    EXPECT_EQ(included_folders("refine"), Folders{"core"});
}

TEST(FolderDependencies, PartitioningUsesOrderingsAndRefinementButNotGde) {
    EXPECT_EQ(included_folders("partition"), (Folders{"core", "order", "refine"}));
    EXPECT_EQ(included_folders("gde"), (Folders{"core", "order", "refine"}));
}
