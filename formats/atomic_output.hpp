#pragma once
// Outputs appear whole or not at all: everything is written to a temporary file in the
// target's folder and renamed onto the target only once complete (a rename is atomic).
//
// Targets that are not files are written straight into instead: "-" (standard output),
// /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N (the descriptor the tool inherited),
// and any existing target that is not a regular file (or a symlink to one): character devices
// such as /dev/null, FIFOs, sockets. Renaming a temporary over those would replace the device
// or pipe with a regular file. Such outputs cannot be all-or-nothing: a failure may leave part
// of the output written. A directory is never a valid target (InputError).
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace part::formats {

// The descriptor "-", /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N names, else -1.
int inherited_descriptor(const std::string& target);
// Whether `target` names standard output ("-", /dev/stdout, /dev/fd/1, /proc/self/fd/1).
bool is_standard_output(const std::string& target);
// Whether PendingFile writes `target` in place (see above) rather than through a temporary.
// Throws InputError when `target` is a directory.
bool writes_directly(const std::string& target);

class PendingFile {
  public:
    // Reserves a uniquely named temporary beside `target`, or opens `target` itself when it
    // is written directly (writes_directly). Throws InputError if the folder is not writable,
    // the target cannot be opened or is a directory.
    explicit PendingFile(std::string target);
    ~PendingFile(); // removes the temporary unless committed
    PendingFile(const PendingFile&) = delete;
    PendingFile& operator=(const PendingFile&) = delete;

    // Whether the output goes straight to the target (no temporary, no rename).
    bool direct() const { return direct_; }
    // The temporary; the target itself when direct(). Writers that open a file by name must
    // not open a direct target by name (/dev/stdout reopened would truncate a redirected
    // file and lose an append): write() instead.
    const std::string& temp_path() const { return temp_; }
    // Writes all of `bytes` to the temporary (or the direct target), open for writing until
    // commit. Throws InputError naming the target on failure.
    void write(std::string_view bytes);
    // Gives the temporary the usual permissions (0644), closes it and renames it onto the
    // target (direct targets: closes the descriptor only). Throws InputError if closing or
    // renaming fails.
    void commit();

  private:
    std::string target_;
    std::string temp_;
    int fd_ = -1;
    bool direct_ = false;
    bool committed_ = false;
};

void write_file_atomically(const std::string& path, std::string_view contents);

// A temporary folder beside the output (<target>.tmp-XXXXXX), for outputs of several files;
// removed with its contents unless released.
class PendingFolder {
  public:
    explicit PendingFolder(const std::filesystem::path& target);
    ~PendingFolder();
    PendingFolder(const PendingFolder&) = delete;
    PendingFolder& operator=(const PendingFolder&) = delete;
    const std::filesystem::path& path() const { return path_; }
    // Keeps the folder: the caller removes it.
    std::filesystem::path release() { return std::exchange(path_, std::filesystem::path()); }

  private:
    std::filesystem::path path_;
};

// Large text outputs written in chunks to a PendingFile, so the whole text never sits in
// memory: append to text(), call flush_if_large() now and then, commit() at the end.
class ChunkedOutput {
  public:
    explicit ChunkedOutput(const std::string& path);
    ChunkedOutput(const ChunkedOutput&) = delete;
    ChunkedOutput& operator=(const ChunkedOutput&) = delete;

    std::string& text() { return buffer_; }
    void flush_if_large() {
        if (buffer_.size() >= kChunk) flush();
    }
    void commit();

  private:
    static constexpr std::size_t kChunk = 1 << 20;
    void flush();
    PendingFile pending_;
    std::string buffer_;
};

// Fault injection for tests of multi-file commits (a .pvtu and its pieces): when set, called
// with a step number (0, 1, ... counted from this call) before each rename or removal of such
// a commit; a test throws from it to stand for a kill at that step. Unset in the tools.
using CommitStepHook = std::function<void(int step)>;
void set_commit_step_hook(CommitStepHook hook);
// Calls the hook, if any, with the next step number.
void commit_step();

} // namespace part::formats
