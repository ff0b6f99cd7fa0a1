#pragma once
// Outputs appear whole or not at all: everything is written to a temporary file in the
// target's folder and put in the target's place only once complete (swapped with a file already
// there, then that one removed; renamed onto the name otherwise).
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

namespace part::formats {

class PendingFile {
  public:
    // Reserves a uniquely named temporary beside `target`. Throws InputError if the folder
    // is not writable.
    explicit PendingFile(std::string target);
    ~PendingFile(); // removes the temporary unless committed
    PendingFile(const PendingFile&) = delete;
    PendingFile& operator=(const PendingFile&) = delete;

    const std::string& temp_path() const { return temp_; }
    const std::string& target() const { return target_; }
    // The temporary, open for writing until commit (writers that open temp_path themselves
    // may ignore it).
    int descriptor() const { return fd_; }
    // Gives the temporary the usual permissions (0644), closes it and renames it onto the
    // target. Throws InputError if closing or renaming fails.
    void commit();

  private:
    std::string target_;
    std::string temp_;
    int fd_ = -1;
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
    ~ChunkedOutput();
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
    std::FILE* file_ = nullptr;
    std::string buffer_;
};

} // namespace part::formats
