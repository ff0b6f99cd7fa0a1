#include "formats/atomic_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unistd.h>

#include "libpart/core/error.hpp"

namespace part::formats {

namespace {
[[noreturn]] void fail(const std::string& path, const std::string& what) {
    throw InputError(path, 0, what + ": " + std::strerror(errno));
}
} // namespace

PendingFile::PendingFile(std::string target) : target_(std::move(target)) {
    std::string pattern = target_ + ".tmp-XXXXXX";
    int fd = ::mkstemp(pattern.data());
    if (fd < 0) fail(target_, "cannot create a temporary file beside the output");
    ::close(fd);
    temp_ = pattern;
}

PendingFile::~PendingFile() {
    if (!committed_) std::remove(temp_.c_str());
}

void PendingFile::commit() {
    // mkstemp creates 0600 files; outputs should carry the usual permissions.
    std::error_code ignored;
    std::filesystem::permissions(
        temp_,
        std::filesystem::perms::owner_read | std::filesystem::perms::owner_write |
            std::filesystem::perms::group_read | std::filesystem::perms::others_read,
        ignored);
    if (std::rename(temp_.c_str(), target_.c_str()) != 0)
        fail(target_, "cannot move the output into place");
    committed_ = true;
}

void write_file_atomically(const std::string& path, std::string_view contents) {
    PendingFile pending(path);
    std::FILE* out = std::fopen(pending.temp_path().c_str(), "wb");
    if (!out) fail(path, "cannot write");
    bool ok = std::fwrite(contents.data(), 1, contents.size(), out) == contents.size();
    ok = (std::fclose(out) == 0) && ok;
    if (!ok) fail(path, "write failed");
    pending.commit();
}

PendingFolder::PendingFolder(const std::filesystem::path& target) {
    namespace fs = std::filesystem;
    const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    std::string name = target.filename().string();
    name.append(".tmp-XXXXXX");
    std::string pattern = (folder / name).string();
    if (!::mkdtemp(pattern.data()))
        throw InputError(target.string(), 0, "cannot create a temporary folder beside the output");
    path_ = pattern;
}

PendingFolder::~PendingFolder() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
}

ChunkedOutput::ChunkedOutput(const std::string& path) : pending_(path) {
    file_ = std::fopen(pending_.temp_path().c_str(), "wb");
    if (!file_) fail(path, "cannot write");
    buffer_.reserve(kChunk + 4096);
}

ChunkedOutput::~ChunkedOutput() {
    if (file_) std::fclose(file_);
}

void ChunkedOutput::flush() {
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size())
        fail(pending_.target(), "write failed");
    buffer_.clear();
}

void ChunkedOutput::commit() {
    flush();
    const bool closed = std::fclose(file_) == 0;
    file_ = nullptr;
    if (!closed) fail(pending_.target(), "write failed");
    pending_.commit();
}

} // namespace part::formats
