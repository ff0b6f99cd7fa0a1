#pragma once
// Read-only view of a whole file through mmap, so parsers scan it without copying.
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

#include "libpart/core/error.hpp"

namespace part::formats {

// Runs read(): a failure to allocate while reading `path` (a count in the file larger than the
// memory can hold) becomes an InputError naming it, so the user learns which file asked for it
// rather than a bare "out of memory" or the standard library's text.
template <typename Read> auto naming_file_when_memory_fails(const std::string& path, Read&& read) {
    try {
        return read();
    } catch (const std::bad_alloc&) {
    } catch (const std::length_error&) {
    }
    throw InputError(path, 0,
                     "out of memory while reading it: the sizes it gives need more memory than "
                     "this machine has");
}

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

  private:
    const char* data_ = nullptr;
    std::size_t size_ = 0;
    mutable std::size_t released_ = 0; // release_parsed's last offset
};

} // namespace part::formats
