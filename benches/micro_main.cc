/* SPDX-License-Identifier: MIT */
// //benches:micro: every strategy's microbenchmarks side by side (see micro_cases.cc),
// with defaults sized for a 2-core machine: 5 repetitions in random interleaved order,
// medians and spread reported. Any --benchmark_* option overrides them, e.g.
// --benchmark_repetitions=20, --benchmark_filter=pool, --benchmark_format=json.
//
// After the console table it prints, for each case, how many times more items per
// second each strategy does than the pattern's baseline: heap arrays, malloc pools (for
// pool/scratch: malloc and free themselves), and
// for paths addf under the same path strategy.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace
{

class RatioReporter : public benchmark::ConsoleReporter
{
      public:
	void ReportRuns(const std::vector<Run> &runs) override
	{
		ConsoleReporter::ReportRuns(runs);
		for (const Run &run : runs) {
			if (run.aggregate_name != "median")
				continue;
			auto items = run.counters.find("items_per_second");
			if (items != run.counters.end())
				median_[run.run_name.str()] = items->second.value;
		}
	}

	void Finalize() override
	{
		ConsoleReporter::Finalize();
		std::printf("\nmedian items per second, as a multiple of the baseline:\n");
		for (const auto &entry : median_) {
			std::string base = BaselineOf(entry.first);
			auto found = median_.find(base);
			if (base.empty() || found == median_.end() || base == entry.first)
				continue;
			std::printf("  %-40s %7.2fx  %s\n", entry.first.c_str(),
			            entry.second / found->second, base.c_str());
		}
	}

      private:
	// pattern/case/strategy -> the name it is compared with.
	static std::string BaselineOf(const std::string &name)
	{
		size_t a = name.find('/'), b = name.rfind('/');
		if (a == std::string::npos || a == b)
			return "";
		std::string pattern = name.substr(0, a);
		if (pattern == "array")
			return name.substr(0, b) + "/heap";
		if (name.compare(0, 13, "pool/scratch/") == 0)
			return "pool/scratch/malloc_free"; // scratch space without a pool
		if (pattern == "pool")
			return name.substr(0, b) + "/malloc";
		if (pattern == "path")
			return "path/loose_object:addf" + name.substr(b);
		return "";
	}

	std::map<std::string, double> median_;
};

bool Given(int argc, char **argv, const char *option)
{
	for (int i = 1; i < argc; i++)
		if (!std::strncmp(argv[i], option, std::strlen(option)))
			return true;
	return false;
}

} // namespace

int main(int argc, char **argv)
{
	static const char *const defaults[][2] = {
	    {"--benchmark_repetitions", "--benchmark_repetitions=5"},
	    {"--benchmark_enable_random_interleaving",
	     "--benchmark_enable_random_interleaving=true"},
	    {"--benchmark_report_aggregates_only", "--benchmark_report_aggregates_only=true"},
	    {"--benchmark_min_time", "--benchmark_min_time=0.05"},
	};
	std::vector<char *> args(argv, argv + argc);
	for (const auto &d : defaults)
		if (!Given(argc, argv, d[0]))
			args.push_back(const_cast<char *>(d[1]));
	int n = static_cast<int>(args.size());
	bool console = !Given(argc, argv, "--benchmark_format") ||
	               Given(argc, argv, "--benchmark_format=console");
	benchmark::Initialize(&n, args.data());
	if (benchmark::ReportUnrecognizedArguments(n, args.data()))
		return 1;
	std::fprintf(stderr, "micro: heap backend %s; bigger runs: --benchmark_repetitions=N\n",
	             MICRO_BACKEND);
	if (console) {
		RatioReporter reporter;
		benchmark::RunSpecifiedBenchmarks(&reporter);
	} else {
		benchmark::RunSpecifiedBenchmarks();
	}
	benchmark::Shutdown();
	return 0;
}
