/* The MPI part of the C interface (part_mpi in pkg-config, part::part_mpi in CMake): apply a
 * plan (part.h's part_plan) to a solver's arrays of fixed-size elements, and exchange halos with
 * a schedule (part.h's part_halo). Collective calls: a rank
 * that finds bad input makes every rank return PART_ERROR_INPUT with its message. Fortran binds
 * part_migrate_f, which takes its communicator handle (mpi_f08: comm%MPI_VAL). */
#ifndef PART_PART_MPI_H
#define PART_PART_MPI_H

#include <mpi.h>

#include "part/part.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How many elements `rank` owns after `plan` when it owns `owned` now: the length of
 * part_migrate's outputs. */
PART_C_EXPORT int part_migrate_count(const part_plan* plan, int32_t rank, int32_t owned,
                                     int32_t* new_owned);

/* Collective. This rank owns `owned` elements: their global ids (exactly the vertices of old part
 * == this rank, in any order) and bytes_per_element bytes of data each. Writes the new owned ids,
 * ascending, to new_ids and their data to new_data (new_owned from part_migrate_count). Only the
 * data travels, in the plan's message order. */
PART_C_EXPORT int part_migrate(MPI_Comm comm, const part_plan* plan, int32_t owned,
                               const int32_t* ids, const void* data, int64_t bytes_per_element,
                               int32_t* new_ids, void* new_data);

PART_C_EXPORT int part_migrate_f(MPI_Fint comm, const part_plan* plan, int32_t owned,
                                 const int32_t* ids, const void* data, int64_t bytes_per_element,
                                 int32_t* new_ids, void* new_data);

/* Collective. One halo exchange with this rank's schedule: this rank owns `owned` elements, ids
 * ascending in owned_ids with bytes_per_element bytes each in owned_data; writes the data of its
 * ghosts to ghost_data (ghosts x bytes_per_element bytes, in part_halo_ghost_ids's order). */
PART_C_EXPORT int part_halo_exchange(MPI_Comm comm, const part_halo* halo, int32_t owned,
                                     const int32_t* owned_ids, const void* owned_data,
                                     int64_t bytes_per_element, void* ghost_data);

PART_C_EXPORT int part_halo_exchange_f(MPI_Fint comm, const part_halo* halo, int32_t owned,
                                       const int32_t* owned_ids, const void* owned_data,
                                       int64_t bytes_per_element, void* ghost_data);

#ifdef __cplusplus
}
#endif

#endif
