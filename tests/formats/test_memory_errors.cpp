// A reader that runs out of memory says which file asked for it.
#include <gtest/gtest.h>

#include <new>
#include <vector>

#include "formats/mapped_file.hpp"

using part::InputError;
using part::formats::naming_file_when_memory_fails;

TEST(MemoryErrors, AFailedAllocationWhileReadingNamesTheFile) {
    for (int kind = 0; kind < 2; ++kind) {
        try {
            naming_file_when_memory_fails("huge.mesh", [&] {
                if (kind == 0) throw std::bad_alloc();
                std::vector<int> too_long;
                too_long.reserve(too_long.max_size() + 1); // std::length_error
                return 0;
            });
            FAIL() << "expected an InputError";
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), "huge.mesh");
            EXPECT_NE(std::string(e.what()).find("huge.mesh"), std::string::npos) << e.what();
            EXPECT_NE(e.message().find("out of memory"), std::string::npos) << e.message();
            EXPECT_EQ(std::string(e.what()).find("_M_"), std::string::npos) << e.what();
        }
    }
    EXPECT_EQ(naming_file_when_memory_fails("small.graph", [] { return 7; }), 7);
}
