/* SPDX-License-Identifier: MIT */
// The microbenchmark cases of one strategy, for //benches:micro. This file is built
// into one shared object per strategy (MICRO_STRATEGY, and MICRO_ARRAY, MICRO_POOL or
// MICRO_PATH for the pattern it varies), each with its own copy of allot compiled with
// hidden visibility, so that every strategy lives in one process side by side. Each
// object registers its cases with Google Benchmark when it is loaded; names are
// <pattern>/<case>/<strategy>, and items per second is the figure to compare.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

extern "C" {
#include "alloc/alloc.h"
}

namespace
{

#ifdef MICRO_ARRAY
struct Elem {
	uint64_t a, b;
};

// Declares, touches and frees one array: one call per iteration, so that alloca's
// memory goes back with the frame.
__attribute__((noinline)) uint64_t UseArray(size_t nr)
{
	uint64_t sum = 0;
	ALLOT_ARRAY(Elem, arr, nr);
	for (size_t i = 0; i < nr; i++) {
		arr[i].a = i;
		arr[i].b = 2 * i;
	}
	for (size_t i = 0; i < nr; i++)
		sum += arr[i].a + arr[i].b;
	ALLOT_ARRAY_FREE(arr);
	return sum;
}

void Register()
{
	for (int nr = 1; nr <= 8; nr++) {
		std::string name = "array/nr:" + std::to_string(nr) + "/" MICRO_STRATEGY;
		benchmark::RegisterBenchmark(name.c_str(), [nr](benchmark::State &state) {
			for (auto _ : state)
				benchmark::DoNotOptimize(UseArray(static_cast<size_t>(nr)));
			state.SetItemsProcessed(state.iterations());
		});
	}
}
#endif

#ifdef MICRO_POOL
// Object sizes from 16 to 128 bytes, in a fixed order.
inline size_t ObjectSize(size_t i)
{
	return 16 + (i * 37) % 113;
}

void SmallClear(benchmark::State &state)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	for (auto _ : state) {
		for (size_t i = 0; i < 1024; i++) {
			char *p = static_cast<char *>(allot_pool_alloc(&pool, ObjectSize(i)));
			*p = static_cast<char>(i);
			benchmark::DoNotOptimize(p);
		}
		allot_pool_clear(&pool);
	}
	allot_pool_release(&pool);
	state.SetItemsProcessed(state.iterations() * 1024);
}

void MillionRelease(benchmark::State &state)
{
	for (auto _ : state) {
		struct allot_pool pool = ALLOT_POOL_INIT;
		for (size_t i = 0; i < 1000000; i++) {
			char *p = static_cast<char *>(allot_pool_alloc(&pool, ObjectSize(i)));
			*p = static_cast<char>(i);
			benchmark::DoNotOptimize(p);
		}
		allot_pool_release(&pool);
	}
	state.SetItemsProcessed(state.iterations() * 1000000);
}

// A pool as scratch space (tree-diff's emit_path): save, a path and a record, rewind.
void Scratch(benchmark::State &state)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	size_t i = 0;
	for (auto _ : state) {
		struct allot_pool_mark mark = allot_pool_save(&pool);
		char *path = static_cast<char *>(allot_pool_alloc_aligned(&pool, ObjectSize(i), 1));
		char *record = static_cast<char *>(allot_pool_alloc(&pool, 32));
		*path = *record = static_cast<char>(i++);
		benchmark::DoNotOptimize(path);
		benchmark::DoNotOptimize(record);
		allot_pool_rewind(&pool, mark);
	}
	allot_pool_release(&pool);
	state.SetItemsProcessed(state.iterations());
}

// The same with malloc and free: what scratch space costs without a pool.
void ScratchMallocFree(benchmark::State &state)
{
	size_t i = 0;
	for (auto _ : state) {
		char *path = static_cast<char *>(malloc(ObjectSize(i)));
		char *record = static_cast<char *>(malloc(32));
		*path = *record = static_cast<char>(i++);
		benchmark::DoNotOptimize(path);
		benchmark::DoNotOptimize(record);
		free(record);
		free(path);
	}
	state.SetItemsProcessed(state.iterations());
}

void Register()
{
	benchmark::RegisterBenchmark("pool/scratch/" MICRO_STRATEGY, Scratch);
	if (std::string(MICRO_STRATEGY) == "arena") // once, beside the strategies
		benchmark::RegisterBenchmark("pool/scratch/malloc_free", ScratchMallocFree);
	benchmark::RegisterBenchmark("pool/small_clear/" MICRO_STRATEGY, SmallClear);
	benchmark::RegisterBenchmark("pool/million_release/" MICRO_STRATEGY, MillionRelease)
	    ->Unit(benchmark::kMillisecond);
}
#endif

#ifdef MICRO_PATH
// Git's loose-object loop: "objects/xx/" then a 38-digit name, for 1024 object ids.
struct Names {
	unsigned char raw[1024][20];
	char rest[1024][39];
	Names()
	{
		static const char digits[] = "0123456789abcdef";
		uint64_t state = 7;
		for (int i = 0; i < 1024; i++) {
			for (int k = 0; k < 20; k++) {
				state = state * 6364136223846793005ULL + 1442695040888963407ULL;
				raw[i][k] = static_cast<unsigned char>(state >> 56);
			}
			raw[i][0] = 0xab; // one directory, objects/ab/
			for (int k = 1; k < 20; k++) {
				rest[i][2 * k - 2] = digits[raw[i][k] >> 4];
				rest[i][2 * k - 1] = digits[raw[i][k] & 15];
			}
			rest[i][38] = '\0';
		}
	}
};

const Names &TheNames()
{
	static const Names names;
	return names;
}

enum class Way { kAddf, kAddf2, kAdd, kAddstr, kAddhex };

void LooseObject(benchmark::State &state, Way way)
{
	const Names &n = TheNames();
	struct allot_path path = ALLOT_PATH_INIT;
	allot_path_addstr(&path, "objects/");
	const size_t top = path.len;
	allot_path_addstr(&path, "ab/");
	const size_t dir = path.len;
	size_t i = 0;
	for (auto _ : state) {
		switch (way) {
		case Way::kAddf:
			allot_path_setlen(&path, dir);
			allot_path_addf(&path, "%s", n.rest[i]);
			break;
		case Way::kAddf2:
			allot_path_setlen(&path, top);
			allot_path_addf(&path, "%02x/%s", n.raw[i][0], n.rest[i]);
			break;
		case Way::kAdd:
			allot_path_setlen(&path, dir);
			allot_path_add(&path, n.rest[i], 38);
			break;
		case Way::kAddstr:
			allot_path_setlen(&path, dir);
			allot_path_addstr(&path, n.rest[i]);
			break;
		case Way::kAddhex:
			allot_path_setlen(&path, dir);
			allot_path_addhex(&path, n.raw[i] + 1, 19);
			break;
		}
		benchmark::DoNotOptimize(path.buf);
		i = (i + 1) & 1023;
	}
	// Every way built the same last path.
	if (path.len != dir + 38 || std::memcmp(path.buf + dir, n.rest[(i + 1023) & 1023], 38) != 0)
		state.SkipWithError("the path is not what the other ways build");
	allot_path_release(&path);
	state.SetItemsProcessed(state.iterations());
}

void Register()
{
	static const struct {
		const char *name;
		Way way;
	} ways[] = {
	    {"addf", Way::kAddf},     {"addf2", Way::kAddf2},   {"add", Way::kAdd},
	    {"addstr", Way::kAddstr}, {"addhex", Way::kAddhex},
	};
	for (const auto &w : ways) {
		std::string name = std::string("path/loose_object:") + w.name + "/" MICRO_STRATEGY;
		benchmark::RegisterBenchmark(name.c_str(), LooseObject, w.way);
	}
}
#endif

// Registers this strategy's cases when the shared object is loaded.
const int registered = (Register(), 0);

} // namespace
