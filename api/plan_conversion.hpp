#pragma once
// The public plan (part/part.hpp: a vertex list per message) to and from libpart's (one flat
// vertex array with offsets), for the serial and the MPI parts of the interface.
#include "libpart/plan/migration_plan.hpp"
#include "part/part.hpp"

namespace part::api {

Plan to_public(const MigrationPlan& internal);
// Checks the plan (validate): throws part::Error naming what is wrong.
MigrationPlan to_internal(const Plan& plan);

} // namespace part::api
