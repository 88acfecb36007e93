from voicemaster.cli import main

raise SystemExit(main())
