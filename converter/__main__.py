from converter.cli import main

raise SystemExit(main())
