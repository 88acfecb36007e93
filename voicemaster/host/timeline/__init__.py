"""The timeline rule set's dialogue: placing cards on a line of years, its phrases, titles
and placement parser."""
