#include "tests/fuzz/fuzz_support.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace part::fuzz {

namespace {

std::string make_scratch_folder() {
    const std::string pattern =
        (std::filesystem::temp_directory_path() / "part-fuzz-XXXXXX").string();
    std::string path = pattern;
    if (!mkdtemp(path.data())) {
        std::perror("part fuzz: cannot make a scratch folder");
        std::abort();
    }
    return path;
}

// Never destroyed: the exit handler that removes the folder runs after static destructors.
const std::string& scratch_folder() {
    static const std::string* const folder = [] {
        const auto* path = new std::string(make_scratch_folder());
        std::atexit([] { std::filesystem::remove_all(scratch_folder()); });
        return path;
    }();
    return *folder;
}

} // namespace

std::string write_input(std::string_view bytes, const std::string& name) {
    const std::string path = scratch_folder() + "/" + name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    out.close();
    if (!out) {
        std::fprintf(stderr, "part fuzz: cannot write %s\n", path.c_str());
        std::abort();
    }
    return path;
}

void require(bool holds, const char* what) {
    if (holds) return;
    std::fprintf(stderr, "part fuzz: %s\n", what);
    std::abort();
}

} // namespace part::fuzz
