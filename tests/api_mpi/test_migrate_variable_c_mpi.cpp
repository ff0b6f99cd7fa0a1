// part_migrate_variable (part/part_mpi.h) under mpiexec: the C handle gives what the C++
// migrate_variable gives, in arrays sized from part_migrated_sizes; bad offsets or ids give
// PART_ERROR_INPUT on every rank, and no handle.
#include <gtest/gtest.h>

#include <mpi.h>

#include <part/part_mpi.h>
#include <part/part_mpi.hpp>

namespace {

// 40 vertices dealt round-robin to the ranks, then in blocks of 3; vertex v carries v % 5 bytes
// of value v (so some elements are empty).
struct VariableScatter {
    int rank = 0, size = 1;
    std::vector<std::int32_t> old_part, new_part, ids;
    std::vector<std::int64_t> offsets{0};
    std::vector<std::uint8_t> data;
    part_plan* plan = nullptr;

    VariableScatter() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        for (std::int32_t v = 0; v < 40; ++v) {
            old_part.push_back(v % size);
            new_part.push_back((v / 3) % size);
            if (old_part.back() != rank) continue;
            ids.push_back(v);
            data.insert(data.end(), std::size_t(v % 5), std::uint8_t(v));
            offsets.push_back(std::int64_t(data.size()));
        }
        part_plan_make(40, old_part.data(), size, new_part.data(), size, nullptr, &plan);
    }
    ~VariableScatter() { part_plan_free(plan); }

    int migrate(part_migrated** migrated) const {
        return part_migrate_variable(MPI_COMM_WORLD, plan, std::int32_t(ids.size()), ids.data(),
                                     offsets.data(), data.data(), migrated);
    }
};

TEST(MigrateVariableCMpi, GivesWhatTheCppCallGives) {
    const VariableScatter s;
    ASSERT_NE(s.plan, nullptr) << part_last_error();
    part_migrated* migrated = nullptr;
    ASSERT_EQ(s.migrate(&migrated), PART_OK) << part_last_error();
    std::int32_t new_owned = -1;
    std::int64_t new_bytes = -1;
    ASSERT_EQ(part_migrated_sizes(migrated, &new_owned, &new_bytes), PART_OK);
    std::vector<std::int32_t> new_ids(static_cast<std::size_t>(new_owned));
    std::vector<std::int64_t> new_offsets(std::size_t(new_owned) + 1);
    std::vector<std::byte> new_data(static_cast<std::size_t>(new_bytes));
    ASSERT_EQ(part_migrated_copy(migrated, new_ids.data(), new_offsets.data(), new_data.data()),
              PART_OK);
    part_migrated_free(migrated);

    const auto plan = part::api::make_plan(s.old_part, s.size, s.new_part, s.size);
    const auto expected = part::api::migrate_variable(MPI_COMM_WORLD, plan, s.ids, s.offsets,
                                                      std::as_bytes(std::span(s.data)));
    EXPECT_EQ(new_ids, expected.ids);
    EXPECT_EQ(new_offsets, expected.offsets);
    EXPECT_EQ(new_data, expected.data);
    for (std::size_t i = 0; i < new_ids.size(); ++i) {
        EXPECT_EQ(s.new_part[std::size_t(new_ids[i])], s.rank);
        EXPECT_EQ(new_offsets[i + 1] - new_offsets[i], new_ids[i] % 5) << "id " << new_ids[i];
    }
}

TEST(MigrateVariableCMpi, OffsetsNotAscendingGiveAnErrorOnEveryRank) {
    VariableScatter s;
    if (s.rank == 0 && s.ids.size() >= 2) std::swap(s.offsets[1], s.offsets[2]);
    if (s.rank == 0 && s.ids.size() < 2) s.offsets[0] = 1;          // too few to swap: not from 0
    part_migrated* migrated = reinterpret_cast<part_migrated*>(&s); // must be reset
    EXPECT_EQ(s.migrate(&migrated), PART_ERROR_INPUT);
    EXPECT_EQ(migrated, nullptr);
    EXPECT_NE(std::string(part_last_error()).find("rank 0: offsets must"), std::string::npos)
        << part_last_error();
}

TEST(MigrateVariableCMpi, IdsNotThisRanksGiveAnErrorOnEveryRank) {
    VariableScatter s;
    const std::int32_t foreign = s.size == 1 ? 40 : 0; // out of range, or rank 0's
    if (s.rank == s.size - 1) {
        s.ids.push_back(foreign);
        s.offsets.push_back(s.offsets.back());
    }
    part_migrated* migrated = nullptr;
    EXPECT_EQ(part_migrate_variable_f(MPI_Comm_c2f(MPI_COMM_WORLD), s.plan,
                                      std::int32_t(s.ids.size()), s.ids.data(), s.offsets.data(),
                                      s.data.data(), &migrated),
              PART_ERROR_INPUT);
    EXPECT_EQ(migrated, nullptr);
    EXPECT_NE(std::string(part_last_error()).find("id " + std::to_string(foreign)),
              std::string::npos)
        << part_last_error();
}

TEST(MigrateVariableCMpi, NullHandleIsRefused) {
    EXPECT_EQ(part_migrated_sizes(nullptr, nullptr, nullptr), PART_ERROR_INPUT);
    EXPECT_NE(std::string(part_last_error()).find("migrated is NULL"), std::string::npos);
    part_migrated_free(nullptr);
}

} // namespace
