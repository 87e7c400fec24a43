return { name = "greeter", version = "1.0.0", description = "A greeting label, for the plugin tests" }
