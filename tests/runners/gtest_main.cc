/* SPDX-License-Identifier: MIT */
// The GoogleTest front end for the C test bodies (tests/NAME_test.c): each ALLOT_TEST becomes a
// GoogleTest test, so --gtest_filter, --gtest_repeat and the XML report work as usual.
// All the work happens in tests/check.c; this file only presents the results.
#include <gtest/gtest.h>

#include <cstdio>

extern "C" {
#include "alloc/stats.h"
#include "tests/check.h"
}

namespace
{

class CTest : public testing::Test
{
      public:
	explicit CTest(const allot_test *test) : test_(test)
	{
	}
	void TestBody() override
	{
		allot_check_result result;
		if (allot_check_run(test_, &result))
			ADD_FAILURE_AT(result.file, result.line) << result.msg;
		else if (result.skipped)
			GTEST_SKIP() << result.msg;
	}

      private:
	const allot_test *test_;
};

} // namespace

int main(int argc, char **argv)
{
	testing::InitGoogleTest(&argc, argv);
	for (const allot_test *t = allot_check_tests(); t; t = t->next)
		testing::RegisterTest(t->suite, t->name, nullptr, nullptr, t->file, t->line,
		                      [t]() -> testing::Test * { return new CTest(t); });
	std::printf("allot: %s\n", allot_config());
	int failed = RUN_ALL_TESTS();
	// A filter that matches no test (GTEST_FILTER, --gtest_filter) must not pass unseen.
	if (testing::UnitTest::GetInstance()->test_to_run_count() == 0) {
		std::fprintf(stderr, "allot: the filter selects no test\n");
		return 1;
	}
	return failed;
}
