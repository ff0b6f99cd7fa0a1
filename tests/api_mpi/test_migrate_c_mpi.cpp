// part_migrate and part_migrate_variable (part/part_mpi.h) under mpiexec: the C calls move what
// the C++ ones move, into arrays the caller sized with part_migrate_count or from the
// part_migrated handle; bad offsets or ids give PART_ERROR_INPUT on every rank (and no handle).
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

// Scatter's elements with data of variable size: vertex v carries v % 5 bytes of value v (so
// some are empty).
struct VariableScatter : Scatter {
    std::vector<std::int64_t> offsets{0};
    std::vector<std::uint8_t> data;

    VariableScatter() {
        for (std::int32_t v : ids) {
            data.insert(data.end(), std::size_t(v % 5), std::uint8_t(v));
            offsets.push_back(std::int64_t(data.size()));
        }
    }

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
    const std::int32_t foreign = s.size == 1 ? 50 : 0; // out of range, or rank 0's
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

TEST(MigrateVariableCMpi, ARankWithNothingMayPassNullArrays) {
    const Scatter s;
    if (s.size == 1) GTEST_SKIP() << "needs a second rank";
    std::vector<std::int32_t> old_part(s.old_part.size());
    for (std::size_t v = 0; v < old_part.size(); ++v) old_part[v] = std::int32_t(v) % (s.size - 1);
    part_plan* plan = nullptr;
    ASSERT_EQ(part_plan_make(std::int32_t(old_part.size()), old_part.data(), s.size,
                             s.new_part.data(), s.size, nullptr, &plan),
              PART_OK);
    std::vector<std::int32_t> ids;
    std::vector<std::int64_t> offsets{0};
    for (std::int32_t v = 0; v < std::int32_t(old_part.size()); ++v)
        if (old_part[std::size_t(v)] == s.rank) {
            ids.push_back(v);
            offsets.push_back(offsets.back()); // empty elements: data may be NULL everywhere
        }
    const bool nothing = ids.empty(); // the last rank
    part_migrated* migrated = nullptr;
    EXPECT_EQ(part_migrate_variable(MPI_COMM_WORLD, plan, std::int32_t(ids.size()),
                                    nothing ? nullptr : ids.data(),
                                    nothing ? nullptr : offsets.data(), nullptr, &migrated),
              PART_OK)
        << part_last_error();
    part_plan_free(plan);
    std::int32_t new_owned = -1;
    EXPECT_EQ(part_migrated_sizes(migrated, &new_owned, nullptr), PART_OK);
    part_migrated_free(migrated);
    std::int32_t expected = 0;
    for (std::int32_t q : s.new_part) expected += q == s.rank;
    EXPECT_EQ(new_owned, expected);
}

TEST(MigrateVariableCMpi, NullHandleIsRefused) {
    EXPECT_EQ(part_migrated_sizes(nullptr, nullptr, nullptr), PART_ERROR_INPUT);
    EXPECT_NE(std::string(part_last_error()).find("migrated is NULL"), std::string::npos);
    part_migrated_free(nullptr);
}

} // namespace
