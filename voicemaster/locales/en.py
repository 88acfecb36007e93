"""The English catalogue: every phrase of the quizmaster by key (``str.format`` fields in
braces).  Pure data: a second language is a module like this one under the same keys."""

from __future__ import annotations

PHRASES: dict[str, str] = {
    # -- lists, numbers and names as said inside other phrases
    "list.pair": "{first} and {last}",
    "list.join": ", ",
    "list.or_pair": "{first} or {last}",
    "team.possessive": "{name}'s",
    "team.possessive_plural": "{name}'",
    "points.1": "one point",
    "points.2": "two points",
    "points.3": "three points",
    "points.4": "four points",
    "slot.1": "one",
    "slot.2": "two",
    "slot.3": "three",
    "slot.4": "four",
    # -- a move the rules refuse, said to the team that tried it ({who}), by the rule it breaks
    "refusal.bezzerwizzer-tile": "Sorry {who}, you have no Bezzerwizzer left.",
    "refusal.attack-own-question": "{who}, you cannot bezzerwizz your own question.",
    "refusal.zwap-tile": "Sorry {who}, you have used your zwap this round.",
    "refusal.zwap-token": "Sorry {who}, you have used your zwap this round.",
    "refusal.zwap-two-tiles": "{who}, a zwap swaps two different tiles.",
    "refusal.zwap-closed-tile": (
        "Sorry {who}, that tile has been played: a zwap takes open tiles only."
    ),
    "refusal.bezzerwizzer-pawn": "Sorry {who}, you have no Bezzerwizzer pawn left.",
    "refusal.bezzerwizzer-own-card": "{who}, you cannot bezzerwizz your own card.",
    "refusal.bezzerwizzer-one-pawn": "{who}, you have a pawn on this card already.",
    "refusal.bezzerwizzer-different-gap": (
        "Sorry {who}, that gap is taken: every pawn needs its own gap."
    ),
    "refusal.zwap-unplayed-card": "{who}, a zwap swaps two cards still in hand.",
    "refusal.zwap-different-hands": "{who}, a zwap swaps cards from two different hands.",
    "refusal.other": "{prefix}: {detail}.",
    "refusal.kompakt.bezzerwizzer-tile": "Sorry {who}, you have bezzerwizzed this round.",
    # -- standings, tiles, verdicts and moves
    "standings": "Standings: {teams}. The finish is at {track}.",
    "standing": "{team} {position}",
    "tile.kept": "{tile} for {slot}",
    "arrangement": "{team}: {tiles}.",
    "verdict.right": "that is right",
    "verdict.wrong": "that is not right",
    "verdict.pass": "that is a pass",
    "verdict.other": "that is {answer}",
    "verdict": "{team}: {verdict}.",
    "playoff.result": "{team}: the answer was {answer}; {verdict}.",
    "where.finish": "the finish",
    "where.start": "the start",
    "where.space": "space {space}",
    "moves.singular": "{team} moves",
    "moves.plural": "{team} move",
    "drops.singular": "{team} drops",
    "drops.plural": "{team} drop",
    "is.singular": "{team} is",
    "is.plural": "{team} are",
    "wins.singular": "{team} wins",
    "wins.plural": "{team} win",
    "goes.singular": "{team} goes",
    "goes.plural": "{team} go",
    "starts.singular": "{team} starts",
    "starts.plural": "{team} start",
    "scores.singular": "{team} scores",
    "scores.plural": "{team} score",
    "moved.right": "{moves} to {where}.",
    "moved.bezzerwizzer": "{owner} Bezzerwizzer pays off: {moves} to {where}.",
    "moved.penalty": "{owner} Bezzerwizzer missed: {drops} back to {where}.",
    "moved.back": "{is_} sent back to {where}.",
    "clock.up": "Time is up.",
    "clock.ten": "Ten seconds.",
    "nobody_moves": "Nobody moves.",
    "playoff.started": "{teams} reached the finish together: a play-off decides.",
    "playoff.still": "Still in the play-off: {teams}.",
    "game.won": "{wins} the game! Congratulations!",
    "back_to": "{goes} back to {where}.",
    "reveal": "The answer is {answer}. {verdict}",
    "round.first": "{starts}, drawn by lot.",
    "round.next": "Round {round}. {starts}.",
    "arrange.first": (
        "{team}, your tiles as drawn: {tiles}. Which one for four points? Or say keep it."
    ),
    "arrange.next": "And for {slot}? Or keep it: {rest}.",
    "announce": "{team}, for {points}: {category}.",
    # -- the kompakt game
    "kompakt.points.1": "one point",
    "kompakt.points": "{points} points",
    "kompakt.score.bag": "Score: {teams}. {left} tokens left in the bag.",
    "kompakt.score": "Score: {teams}. First to {target}.",
    "kompakt.scored": "{scores} {points}.",
    "kompakt.bezzerwizzer": "{owner} Bezzerwizzer pays off: {points} for {team}.",
    "kompakt.stake": "The stake of {points} goes to {team}.",
    "kompakt.refilled": "The bag was refilled with every token.",
    "kompakt.playoff": "{teams} are level at the top with {best}: a play-off decides.",
    "kompakt.won": "{wins} the game with {points} points!",
    "kompakt.back_to": "{is_} back to {points}.",
    # -- the timeline game
    "timeline.turn": "{team}, turn {turn}, for {points}.",
    "timeline.gap.before": "before {title}",
    "timeline.gap.after": "after {title}",
    "timeline.gap.between": "between {first} and {second}",
    "timeline.line.empty": "The line is empty.",
    "timeline.dated": "{title}, {year}",
    "timeline.line.first": "Gap one: before {card}.",
    "timeline.line.between": "Gap {gap}: between {first} and {second}.",
    "timeline.line.last": "Gap {gap}: after {title}.",
    "timeline.hand.card": "card {number}: {title}",
    "timeline.hand.join": "; ",
    "timeline.hand": "{team}, your cards: {cards}.",
    "timeline.placed.right": "{title}: {year}. Right! The card stays on the line.",
    "timeline.placed.wrong": "{title}: {year}. Not right: the card leaves the game.",
    "timeline.pawn.returned": (
        "{owner} Bezzerwizzer on gap {gap} fits too: no points, the pawn goes back."
    ),
    "timeline.pawn.right": "{owner} Bezzerwizzer on gap {gap} is right: plus three.",
    "timeline.pawn.cost": "minus one",
    "timeline.pawn.no_cost": "{team} has no point to lose",
    "timeline.pawn.wrong": "{owner} Bezzerwizzer on gap {gap} is wrong: {cost}.",
    "timeline.points.1": "{team} now has {points} point.",
    "timeline.points": "{team} now has {points} points.",
    "timeline.thinned": "The line is thinned to four cards: {titles}.",
    "timeline.tiebreak": "{teams} are level: one more card each decides.",
    "timeline.still_level": "Still level: {teams}.",
    "timeline.won": "{team} wins the game! Congratulations!",
    "timeline.standings": "Points: {teams}. A lap is {lap}.",
    "timeline.placed_short.right": "{title}: {year}. That is right.",
    "timeline.placed_short.wrong": "{title}: {year}. That is not right.",
    # -- the standard dialogue
    "round.ends": "That ends round {round}. {standings}",
    "undo.nothing": "No question has been answered yet: there is nothing to take back.",
    "stands": "The last verdict stands{since}.",
    "stands.round": ": a new round has begun since",
    "stands.zwap": ": a zwap came after it",
    "stands.playoff": ": the play-off has been played since",
    "final.corrections": (
        "Any corrections? Say that was right, that was wrong or undo; or say nothing."
    ),
    "arrange.name_one": "Please name one of {tiles}, or say keep it.",
    "arrange.missed": (
        "I did not catch a tile. Shall I keep the order as read? Say yes, or name one of {tiles}."
    ),
    "arrange.kept": "I keep the order as read.",
    "playoff.question": "{team}, your play-off question, in {category}: {question}",
    # -- a question's turn
    "card.question": "{question}",
    "undo.new_question": "Taking that back. {team}, a new question in {category}.",
    "undo.attack_back": "{team}, your Bezzerwizzer comes back: call it again if you like.",
    "undo.attack_stays": "{owner} Bezzerwizzer still lies on it.",
    "shout.again": "Was that a Bezzerwizzer? Please say it again, with your team.",
    "typed.too_early": "Wait for the question, please: answers come after it is read.",
    "shout.who": "Who says Bezzerwizzer? Say Bezzerwizzer and your team's name.",
    "shout.taken": "Sorry {team}, {attacker} attacks this question.",
    "refused.bezzerwizzer": "No Bezzerwizzer for {team}",
    "refused.zwap": "No zwap",
    "shout.before": "Bezzerwizzer from {team}, before the question: worth {worth}.",
    "shout.after": "Bezzerwizzer from {team}, after the question: worth {worth}.",
    "zwap.how": "Say zwap and two tiles, for example: zwap my Music with Blue's Film.",
    "zwap.done": "Zwap: {first} and {second} change places. {team} now plays {now}.",
    "zwap.takeback": (
        "{team}, your Bezzerwizzer lay on that tile. Keep it on {now}, or take it back?"
    ),
    "zwap.taken_back": "{team} takes its Bezzerwizzer back.",
    "zwap.stays": "{owner} Bezzerwizzer stays.",
    "zwap.too_late": "Too late to zwap: the question has been read.",
    "attacker.turn": "{team}: not right. {attacker}, your answer?",
    "your_answer": "{team}, your answer?",
    "knockback.ask": (
        "{team}, {victim} is in the home stretch. Move forward {worth}, or send {victim} back "
        "{worth}?"
    ),
    # -- listening, hearing, asking back, corrections
    "pause.not_paused": "We are not paused.",
    "yes_or_no.again": "{question} Please say yes or no.",
    "sure.not_done": "All right, nothing changes. I am listening again.",
    "pause.paused": "Paused. Say resume when you are ready.",
    "pause.resumed": "Let's go on.",
    "code.no_board": "There is no live board in this game, so there are no team codes.",
    "code.which_team": "Which team? Ask with your team's name, for example: what is Red's code?",
    "code.expired": "The game is over, so the codes have expired.",
    "code.join": ", ",
    "code.yours": "{team}, your code for the board is {code}.",
    "recognizer.again": "Sorry, I didn't catch that. Please say it again.",
    "recognizer.gives_up": (
        "My speech recognition keeps failing, so I stop here. The game is saved: start "
        "voicemaster again to go on."
    ),
    "recognizer.pass": "I could not hear that: it counts as a pass.",
    "microphone.lost": "I lost the microphone: {why}. I will wait until it is back.",
    "microphone.back": "The microphone is back. Let's go on.",
    "asking.say_again": "Sorry, I did not hear that clearly. Please say your answer again.",
    "asking.then_again": "Then please say your answer again.",
    "asking.did_you_say": "Did you say {text}?",
    "correct.nothing": "There is no verdict to correct now.",
    "correct.already.right": "That already counts as right.",
    "correct.already.wrong": "That already counts as not right.",
    "correct.refused": "I cannot change that: {why}.",
    "correct.done": "Corrected.",
    "zwap.nobody_holds": "Sorry, nobody holds {tile} this round.",
    "zwap.not_yours": "Sorry {team}, {tile} is not your tile",
    "zwap.not_theirs": "Sorry, {tile} is not {owner} tile",
    "zwap.belongs": "{whose}: it belongs to {teams}.",
    "game.saved": "The game is saved. Start voicemaster again whenever you want to go on.",
    "game.unsaved": "The game ends here; it could not be saved: {why}.",
    "sure.undo": "Take back the last verdict and ask a new question?",
    "sure.right": "Change the last verdict to right?",
    "sure.wrong": "Change the last verdict to not right?",
    "sure.quit": "Stop the game here? It is saved.",
    "help": "{own} You can also say: {commands}.",
    "help.or": "{first} or {last}",
    "help.before": (
        "Other teams: say Bezzerwizzer and your team to attack. The team whose turn it is may say"
        " zwap and the tiles. Say pass to hear the question now."
    ),
    "help.answer": (
        "Say your answer, or pass. Other teams may still say Bezzerwizzer and their team."
    ),
    "help.attacker": "Say your answer, or pass.",
    "help.playoff": "Say your answer, or pass.",
    "help.options": "Adults: say Bezzerwizzer and your team now, or pass.",
    "help.arrange": "Name a tile, or say keep it to take the order as read.",
    "help.confirm": "Say yes or no.",
    "help.sure": "Say yes or no.",
    "help.knockback": "Say forward to move yourselves, or back to send the other team back.",
    "help.takeback": "Say take back to take your Bezzerwizzer back, or keep it.",
    "help.final": "Say that was right, that was wrong or undo; or nothing.",
    "help.place": (
        "Say a card and a gap, for example: card two, gap three; or name a neighbour: card two "
        "goes after the first card on the line. Also: repeat the line, my cards, or zwap my card "
        "one with Blue's card two."
    ),
    "help.which-gap": "Say a gap number, for example: gap three.",
    "help.bezzerwizzer": "Other players: say Bezzerwizzer, your colour and a gap; or pass.",
    "help.pawn-gap": "Say a gap number, for example: gap three.",
    "help.tiebreak": "Say a gap number, for example: gap three.",
    # -- the timeline game's dialogue
    "sure.timeline.undo": "Take back the last placement?",
    "timeline.cannot_play": "I cannot play: {why}.",
    "timeline.over": "The game is over. {standings}",
    "timeline.corrections": (
        "Any corrections? Say undo to take back the last placement; or say nothing."
    ),
    "timeline.welcome": (
        "Bezzerwizzer Timeline. Four cards lie face up on the line and every player has four "
        "cards. Place a card by saying, for example: card two, gap three."
    ),
    "timeline.round_two": "Round two. Every player gets four new cards; the wheel is back on one.",
    "timeline.tiebreak.card": "{team}, your card: {title}. {line}",
    "timeline.tiebreak.ask": "{prompt} Which gap?",
    "timeline.tiebreak.no_pass": (
        "A tie-break has no pass: every tied player places the card. Say a gap number."
    ),
    "timeline.say_gap": "Please say a gap number.",
    "timeline.tiebreak.time_up": "Time is up: the card goes into gap one.",
    "timeline.no_verdict": "In a timeline game the years decide: there is no verdict to change.",
    "timeline.nothing_to_undo": "There is nothing to undo now.",
    "timeline.taken_back.place": "The last placement is taken back.",
    "timeline.taken_back.zwap": "The last zwap is taken back.",
    "timeline.example": "Say for example: card two, gap three; or: {card} goes after {line}.",
    "timeline.puts": (
        "{team} puts {title} in gap {gap}, {where}. Bezzerwizzer? Say Bezzerwizzer, your colour "
        "and a gap."
    ),
    "timeline.undo_placement": (
        "Taken back: {title} is not placed, and no Bezzerwizzer stands. {team}, place a card."
    ),
    "timeline.pawn_too_early": "Bezzerwizzer comes after the card is placed.",
    "timeline.time_up": "Time is up: the first card goes into gap one.",
    "timeline.not_understood": "Sorry, I did not understand. {help}",
    "timeline.problem": "Sorry, {problem}. {help}",
    "timeline.card": "card {number}",
    "timeline.which_card": "Which card? {cards}?",
    "timeline.which_gap": "{title}: which gap?",
    "timeline.zwap.how": (
        "Say zwap and two cards, for example: zwap my card one with Blue's card two."
    ),
    "timeline.zwap.done": "Zwap: {first} and {second} change hands.",
    "timeline.bezzerwizzer": "Bezzerwizzer?",
    "timeline.pawn.how": "Say Bezzerwizzer, your colour and a gap; or nothing.",
    "timeline.pawn.who": "Who says Bezzerwizzer? Say Bezzerwizzer, your colour and a gap.",
    "timeline.pawn.placed": "{owner} pawn goes on gap {gap}.",
    "timeline.pawn.which_gap": "{team}, which gap?",
    "timeline.that_card": "that card",
    "timeline.unknown_card": "I do not know {card} on the line",
    "timeline.not_neighbours": "{first} and {second} are not next to each other",
    "timeline.missed_two": "I did not catch the two cards on the line",
    "timeline.card_range": "say a card from one to {most}",
    "timeline.gap_range": "the gaps go from one to {most}",
    # -- the familie and kompakt dialogues
    "familie.option": "{letter}, {option}",
    "familie.options.join": "; ",
    "familie.options": "Is it {first}; or {last}?",
    "familie.options.read": "{team}, here are the options. {options}",
    "familie.with_options": "{prompt} {options}",
    "familie.before_options": "Any Bezzerwizzer before I read the options?",
    "familie.private.phone": "{team}, type your answer on your phone. {children}, please wait.",
    "familie.private.keyboard": (
        "{team}, type your answer privately: it is not shown. {children}, please wait."
    ),
    "familie.private.voice": "{children}, please cover your ears. {team}, your answer?",
    "familie.thanks": "Thank you, {team}.",
    "familie.thanks.listen": "Thank you, {team}. {children}, you can listen again.",
    "familie.too_late": "Too late for {team}: adults must attack before the options are read.",
    "familie.answered_early": "{team}: not right. {attacker} answered before the options.",
    "familie.attacker_turn": "{team}: not right. {prompt}",
    "familie.kind.ask": "{team}: are you children or adults?",
    "familie.kind.is.child": "{team} is a children's team.",
    "familie.kind.is.adult": "{team} is an adults' team.",
    "familie.children_hear": "{teams} will hear three answer options with each question.",
    "kompakt.drawn": "Every team has drawn a hidden token.",
    "kompakt.told_on_turn": "I tell each team its category on its turn.",
    "kompakt.no_points": "No points.",
    "kompakt.round_ends": "That ends round {round}.",
    "kompakt.turn": "{team}, your turn, for three points. {category}",
    "kompakt.turn.zwap": "{turn} Play, or zwap with {teams}?",
    "kompakt.category.phone": "Your category is on your phone.",
    "kompakt.category": "Your category: {category}.",
    "kompakt.no_zwap": "No zwap: {why}.",
    "kompakt.zwap.which": "Zwap with which team? Say zwap with {teams}.",
    "kompakt.zwap.phone": "see your phone",
    "kompakt.zwap.now": "your category is now {category}",
    "kompakt.zwap.done": "Zwap: {team} and {other} swap tokens, unseen. {team}, {told}.",
    "kompakt.new_token": "the new token",
    "kompakt.why.one_zwap": "one zwap a turn",
    "kompakt.why.last_team": "the round's last team cannot zwap",
    "kompakt.shout.before": (
        "Bezzerwizzer from {team}, before the question: {stake} at stake. A miss gives them to "
        "{defender}."
    ),
    "kompakt.shout.after": (
        "Bezzerwizzer from {team}, after the question: {stake} at stake. A miss gives them to "
        "{defender}."
    ),
    # -- the set-up by voice
    "setup.stopped": "All right, we stop here. No game was started.",
    "setup.silent": "I heard nothing; we take the usual. {told}",
    "setup.not_understood": "I did not understand {heard}. {hint}",
    "setup.default": "Let's take the usual: {told}",
    "setup.variant.ask": "Which rules shall we play? {choices}?",  # the rule sets' said words
    "setup.variant.hint": "Say {choices}.",
    "setup.variant.told": "We play {variant}.",
    "setup.count.ask": "How many teams are playing? {counts}?",
    "setup.count.hint": "Say {counts}.",
    "setup.count.told": "{count} teams.",
    "setup.target.ask": "How many points win the game? Fifteen, twenty or thirty?",
    "setup.target.hint": "Say fifteen, twenty or thirty points.",
    "setup.target.told": "The first team to {points} points wins.",
    "setup.track.ask": (
        "How long is the track? Twenty spaces, thirty or forty? Thirty is the usual."
    ),
    "setup.track.hint": "Say twenty, thirty or forty; or short, normal or long.",
    "setup.track.told": "The finish is at {track}.",
    "setup.names.ask": "Say the team names, or say colours for red, blue, green and yellow.",
    "setup.names.hint": (
        "Say colours, or say the name of team one, for example Tigers, Sharks or Owls."
    ),
    "setup.names.silent": "I heard nothing; we take colours. ",
    "setup.teams": "{lead}The teams are {teams}.",
    "setup.team": "Team {number}",
    "setup.team.ask": "{team}: what is its name? Or say colour.",
    "setup.team.hint": "Say a name for team {number}, or colour.",
    "setup.team.silent": "I heard nothing; we take a colour. ",
    "setup.team.colour": "{lead}{team} is {colour}.",
    "setup.team.confirm": "{team} is the {name}. Right?",
    "setup.team.refused": "Not that name: {why}. Please choose another.",
    "setup.team.fallback": "Let's take a colour: team {number} is {colour}.",
    "setup.yes_or_no": "{question} Say yes or no.",
    # -- saved games offered and resumed
    "offer.one": (
        "There is an unfinished game: {game}. Shall we go on with it? Say yes, or no for a new "
        "game."
    ),
    "offer.game": "Game {number}: {game}.",
    "offer.more.1": " There is one more: voicemaster games lists all.",
    "offer.more": " There are {more} more: voicemaster games lists all.",
    "offer.many": (
        "There are {count} unfinished games. {games}{rest} Which one shall we go on with? Say its"
        " number or a team's name, or new game."
    ),
    "offer.that_name": "that name",
    "offer.ambiguous": "More than one of these games has {name}. Say the game's number.",
    "offer.hint": "Say the game's number or a team's name, or new game.",
    "offer.new_game": "We start a new game; the saved ones stay saved.",
    "dropped.question": "the result of {team}'s question",
    "dropped.playoff": "a play-off result",
    "dropped.round": "the tiles of a new round",
    "dropped.zwap": "a zwap by {team}",
    "dropped.deal": "a deal of cards",
    "dropped.place": "{team}'s placement",
    "dropped.tiebreak": "a tie-break",
    "dropped.part": "part of a step",
    "dropped": (
        "The game stopped while its last step was being saved, so that step is dropped: {step}. "
        "We go on from just before it."
    ),
    "saved.game": "the {variant} game from {when}, {scores}",
    "saved.named": "{name}: {game}",
    # -- saving and team names
    "unsaved.ask": (
        "I cannot save this game: {why}. Shall we keep playing without saving? Say yes or no."
    ),
    "name.none": "I could not make out a name",
    "name.letters": "I cannot pronounce every letter of {name}",
    "name.long": "a team name has at most three short words",
    "name.unsayable": "I cannot say {word} clearly",
    "name.reserved_word": "{word} is a word I listen for during the game",
    "name.reserved_phrase": "{phrase} is something I listen for during the game",
    "name.alike": "it sounds too much like {other}",
}
