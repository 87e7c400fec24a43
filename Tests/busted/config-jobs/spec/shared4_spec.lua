require("spec.shared")(4)
