/* SPDX-License-Identifier: MIT */
/*
 * Replays fuzz inputs through a fuzz target without libFuzzer, so that a seed corpus
 * runs on every toolchain: fuzz_replay FILE... calls LLVMFuzzerTestOneInput once per
 * file. A target aborts on a failure; this exits 1 if a file cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int main(int argc, char **argv)
{
	static unsigned char data[1 << 16];
	int i;

	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		size_t size;

		if (!f) {
			fprintf(stderr, "fuzz_replay: cannot open %s\n", argv[i]);
			return 1;
		}
		size = fread(data, 1, sizeof(data), f);
		fclose(f);
		LLVMFuzzerTestOneInput(data, size);
	}
	printf("fuzz_replay: %d inputs replayed\n", argc - 1);
	return argc > 1 ? 0 : 1;
}
