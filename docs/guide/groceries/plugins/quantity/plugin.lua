return {
  name = "quantity",
  version = "1.0.0",
  host = ">=0.2 <1",
  description = "Reads how many of what a person typed: \"3 pears\", \"bread\"",
}
