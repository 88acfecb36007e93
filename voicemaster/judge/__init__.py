"""The answer judge: from heard words to a fair verdict."""

from voicemaster.judge.core import judge
from voicemaster.judge.model import AnswerKey, Verdict
from voicemaster.judge.reply import yes_no
from voicemaster.judge.text import normalise

__all__ = ["AnswerKey", "Verdict", "judge", "normalise", "yes_no"]
