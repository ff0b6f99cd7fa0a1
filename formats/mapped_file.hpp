#pragma once
// Read-only view of a whole file through mmap, so parsers scan it without copying.
#include <string>
#include <string_view>

namespace part::formats {

class MappedFile {
  public:
    // Throws InputError naming the file when it cannot be opened or mapped.
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view text() const { return {data_, size_}; }
    // Drops the pages before `offset` from memory once a sequential parser is past them
    // (they are read again from the file if touched), so large inputs do not stay resident.
    void release_before(std::size_t offset) const;
    // The same, called as often as a sequential parser likes with its position: pages are
    // dropped a few megabytes at a time, so at most that much of the input stays resident.
    void release_parsed(std::size_t offset) const;
    const std::string& path() const { return path_; }

  private:
    std::string path_;
    const char* data_ = nullptr;
    std::size_t size_ = 0;
    mutable std::size_t released_ = 0; // release_parsed's last offset
};

} // namespace part::formats
