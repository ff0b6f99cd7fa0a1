#pragma once
// Test files every rank can read: rank 0 owns the scratch folder and writes the files, the
// others learn its path; a barrier after each write and before removal keeps ranks in step.
#include <mpi.h>

#include <memory>
#include <string>

#include "tests/support/test_files.hpp"

namespace part::test {

class SharedScratch {
  public:
    SharedScratch() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        if (rank_ == 0) {
            dir_ = std::make_unique<ScratchDir>();
            path_ = dir_->path();
        }
        int length = int(path_.size());
        MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
        path_.resize(std::size_t(length));
        MPI_Bcast(path_.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
    }
    ~SharedScratch() { MPI_Barrier(MPI_COMM_WORLD); }

    // Collective: rank 0 writes the file; returns its path on every rank.
    std::string write(const std::string& name, const std::string& contents) const {
        if (rank_ == 0) dir_->write(name, contents);
        MPI_Barrier(MPI_COMM_WORLD);
        return file(name);
    }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

  private:
    int rank_ = 0;
    std::string path_;
    std::unique_ptr<ScratchDir> dir_;
};

inline int world_rank() {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

inline int world_size() {
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

} // namespace part::test
