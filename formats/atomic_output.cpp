#include "formats/atomic_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include "formats/line_reader.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

namespace {
[[noreturn]] void fail(const std::string& path, const std::string& what) {
    throw InputError(path, 0, what + ": " + std::strerror(errno));
}
} // namespace

int inherited_descriptor(const std::string& target) {
    if (target == "-" || target == "/dev/stdout") return STDOUT_FILENO;
    if (target == "/dev/stderr") return STDERR_FILENO;
    for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
        if (!target.starts_with(prefix) || target.size() == prefix.size()) continue;
        if (const auto fd = parse_whole<int>(std::string_view(target).substr(prefix.size())))
            return *fd;
    }
    return -1;
}

bool is_standard_output(const std::string& target) {
    return inherited_descriptor(target) == STDOUT_FILENO;
}

bool writes_directly(const std::string& target) {
    if (inherited_descriptor(target) >= 0) return true;
    struct stat existing;
    if (::stat(target.c_str(), &existing) != 0) return false; // a new file (or a dangling link)
    if (S_ISDIR(existing.st_mode))
        throw InputError(target, 0, "is a directory: expected the name of an output file");
    return !S_ISREG(existing.st_mode);
}

PendingFile::PendingFile(std::string target) : target_(std::move(target)) {
    if (writes_directly(target_)) {
        direct_ = true;
        temp_ = target_;
        const int inherited = inherited_descriptor(target_);
        // A copy of an inherited descriptor, so that commit's close leaves it open; a device
        // or FIFO opened as it is (no O_CREAT, no O_TRUNC: neither means anything there).
        fd_ = inherited >= 0 ? ::fcntl(inherited, F_DUPFD_CLOEXEC, 0)
                             : ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd_ < 0) fail(target_, "cannot open the output for writing");
        return;
    }
    std::string pattern = target_ + ".tmp-XXXXXX";
    fd_ = ::mkstemp(pattern.data());
    if (fd_ < 0) fail(target_, "cannot create the output in its folder");
    temp_ = pattern;
}

PendingFile::~PendingFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !direct_) std::remove(temp_.c_str());
}

void PendingFile::write(std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(fd_, bytes.data(), bytes.size());
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) fail(target_, "write failed");
        bytes.remove_prefix(std::size_t(written));
    }
}

void PendingFile::commit() {
    const int fd = std::exchange(fd_, -1);
    // mkstemp creates 0600 files; outputs should carry the usual permissions. Through the
    // descriptor still open: no second lookup of the path.
    if (!direct_) ::fchmod(fd, 0644);
    if (::close(fd) != 0) fail(target_, "write failed");
    if (!direct_ && std::rename(temp_.c_str(), target_.c_str()) != 0)
        fail(target_, "cannot move the output into place");
    committed_ = true;
}

void write_file_atomically(const std::string& path, std::string_view contents) {
    PendingFile pending(path);
    pending.write(contents);
    pending.commit();
}

PendingFolder::PendingFolder(const std::filesystem::path& target) {
    namespace fs = std::filesystem;
    const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    std::string pattern = (folder / target.filename()).string() + ".tmp-XXXXXX";
    if (!::mkdtemp(pattern.data()))
        throw InputError(target.string(), 0, "cannot create a temporary folder beside the output");
    path_ = pattern;
}

PendingFolder::~PendingFolder() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
}

ChunkedOutput::ChunkedOutput(const std::string& path) : pending_(path) {
    buffer_.reserve(kChunk + 4096);
}

void ChunkedOutput::flush() {
    pending_.write(buffer_);
    buffer_.clear();
}

void ChunkedOutput::commit() {
    flush();
    pending_.commit();
}

namespace {
CommitStepHook commit_step_hook;
int next_commit_step = 0;
} // namespace

void set_commit_step_hook(CommitStepHook hook) {
    commit_step_hook = std::move(hook);
    next_commit_step = 0;
}

void commit_step() {
    const int step = next_commit_step++;
    if (commit_step_hook) commit_step_hook(step);
}

} // namespace part::formats
