// screens-serve: `screens serve APP`, which `screens` hands its arguments to (see Serve).
Serve.main()
