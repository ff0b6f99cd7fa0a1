// part_migrate (part/part_mpi.h) under mpiexec: the C call moves what the C++ one moves, into
// arrays the caller sized with part_migrate_count; bad ids give PART_ERROR_INPUT on every rank.
#include <gtest/gtest.h>

#include <mpi.h>

#include <part/part_mpi.h>
#include <part/part_mpi.hpp>

namespace {

struct Scatter {
    int rank = 0, size = 1;
    std::vector<std::int32_t> old_part, new_part, ids;
    part_plan* plan = nullptr;

    Scatter() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        for (std::int32_t v = 0; v < 50; ++v) {
            old_part.push_back(v % size);
            new_part.push_back((v / 3) % size);
            if (old_part.back() == rank) ids.push_back(v);
        }
        part_plan_make(50, old_part.data(), size, new_part.data(), size, nullptr, &plan);
    }
    ~Scatter() { part_plan_free(plan); }
};

TEST(MigrateCMpi, MovesWhatTheCppCallMoves) {
    const Scatter s;
    ASSERT_NE(s.plan, nullptr) << part_last_error();
    std::vector<std::int16_t> data;
    for (std::int32_t v : s.ids) data.insert(data.end(), {std::int16_t(v), std::int16_t(-v)});
    std::int32_t count = -1;
    ASSERT_EQ(part_migrate_count(s.plan, s.rank, std::int32_t(s.ids.size()), &count), PART_OK);
    std::vector<std::int32_t> new_ids(std::size_t(count) + 1, -1); // one more: not written
    std::vector<std::int16_t> new_data(2 * std::size_t(count));
    ASSERT_EQ(part_migrate(MPI_COMM_WORLD, s.plan, std::int32_t(s.ids.size()), s.ids.data(),
                           data.data(), 2 * sizeof(std::int16_t), new_ids.data(), new_data.data()),
              PART_OK)
        << part_last_error();
    EXPECT_EQ(new_ids.back(), -1);
    new_ids.pop_back();
    const auto plan = part::api::make_plan(s.old_part, s.size, s.new_part, s.size);
    const auto expected = part::api::migrate<std::int16_t>(MPI_COMM_WORLD, plan, s.ids, data, 2);
    EXPECT_EQ(new_ids, expected.ids);
    EXPECT_EQ(new_data, expected.values);
    for (std::int32_t v : new_ids) EXPECT_EQ(s.new_part[v], s.rank);
}

TEST(MigrateCMpi, BadIdsGiveAnErrorOnEveryRank) {
    Scatter s;
    if (s.rank == 0) s.ids.push_back(s.ids.empty() ? 0 : s.ids[0]);
    const std::vector<std::int32_t> data(s.ids.size());
    std::vector<std::int32_t> new_ids(100), new_data(100);
    EXPECT_EQ(part_migrate_f(MPI_Comm_c2f(MPI_COMM_WORLD), s.plan, std::int32_t(s.ids.size()),
                             s.ids.data(), data.data(), 4, new_ids.data(), new_data.data()),
              PART_ERROR_INPUT);
    EXPECT_NE(std::string(part_last_error()).find("passed twice"), std::string::npos)
        << part_last_error();
}

} // namespace
