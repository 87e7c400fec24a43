require("spec.shared")(1)
