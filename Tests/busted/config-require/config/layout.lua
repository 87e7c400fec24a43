return { specs = "checks", pattern = "_check" }
