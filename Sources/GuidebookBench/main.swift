// Placeholder replaced by the benchmark tooling.
print("guidebook-bench: no command yet")
