"""Audio that stands in for the table: streamed sources and sinks in place of microphone and
loudspeaker, and synthesized voices of simulated players.  Used by ``voicemaster hear``, the
audio simulation, tests and benchmarks; the game itself never loads it."""
