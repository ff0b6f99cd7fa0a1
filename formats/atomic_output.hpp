#pragma once
// Outputs appear whole or not at all: everything is written to a temporary file in the
// target's folder and renamed over the target only once complete.
#include <string>
#include <string_view>

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
    // Renames the temporary onto the target.
    void commit();

  private:
    std::string target_;
    std::string temp_;
    bool committed_ = false;
};

void write_file_atomically(const std::string& path, std::string_view contents);

} // namespace part::formats
