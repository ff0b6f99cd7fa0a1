#pragma once
// Working arrays written before they are read, kept between calls of a step that runs again and
// again (band extraction, coarsening): growing one keeps nothing and zero-fills nothing, where a
// std::vector's resize would fill the new room, a pass over memory nobody reads.
#include <cstddef>
#include <memory>

namespace part {

template <class T> class ScratchArray {
  public:
    T* at_least(std::size_t n) {
        if (n > capacity_) {
            data_ = std::make_unique_for_overwrite<T[]>(n);
            capacity_ = n;
        }
        return data_.get();
    }
    T* data() { return data_.get(); }
    const T* data() const { return data_.get(); }

  private:
    std::unique_ptr<T[]> data_;
    std::size_t capacity_ = 0;
};

} // namespace part
