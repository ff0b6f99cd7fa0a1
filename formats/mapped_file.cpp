#include "formats/mapped_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libpart/core/error.hpp"

namespace part::formats {

MappedFile::MappedFile(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd);
        throw InputError(path, 0, "not a regular file");
    }
    size_ = std::size_t(info.st_size);
    if (size_ > 0) {
        void* mapped = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
        if (mapped == MAP_FAILED) {
            ::close(fd);
            throw InputError(path, 0, std::string("cannot map: ") + std::strerror(errno));
        }
        ::madvise(mapped, size_, MADV_SEQUENTIAL);
        data_ = static_cast<const char*>(mapped);
    }
    ::close(fd);
}

void MappedFile::release_before(std::size_t offset) const {
    const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE));
    const std::size_t bytes = std::min(offset, size_) / page * page;
    if (data_ && bytes > 0) ::madvise(const_cast<char*>(data_), bytes, MADV_DONTNEED);
}

void MappedFile::release_parsed(std::size_t offset) const {
    // Small enough to keep the resident input a few pages of a large mesh's memory, large
    // enough that the madvise calls cost nothing.
    constexpr std::size_t kStep = std::size_t(4) << 20;
    if (offset >= released_ + kStep) release_before(released_ = offset);
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(const_cast<char*>(data_), size_);
}

} // namespace part::formats
