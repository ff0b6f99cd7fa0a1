#pragma once
// Shared by the mesh reader tests: reading `path` must fail with an InputError naming the
// file and containing `needle`.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "formats/mesh_file.hpp"

namespace part::test {

inline void expect_mesh_error(const std::string& path, const std::string& needle) {
    try {
        formats::read_mesh(path);
        ADD_FAILURE() << "accepted " << path;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), path);
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << "message: " << e.what();
    }
}

// The same, and the error names `line`.
inline void expect_mesh_error_at(const std::string& path, std::int64_t line,
                                 const std::string& needle) {
    try {
        formats::read_mesh(path);
        ADD_FAILURE() << "accepted " << path;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), path);
        EXPECT_EQ(e.line(), line) << e.what();
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
}

} // namespace part::test
