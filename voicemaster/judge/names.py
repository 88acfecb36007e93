"""Word lists for names and places: given names, titles, surname particles, generic words."""

from __future__ import annotations

from voicemaster.judge.text import singular


def _words(text: str) -> frozenset[str]:
    """The words as the normaliser leaves them (singular: "charles" -> "charle")."""
    return frozenset(singular(w) for w in text.split())

# Given names common in quiz answers (people of history, arts, science, sport, politics).
FIRST_NAMES = _words(
    """
    aaron abraham ada adam adolf agatha al alan albert alberto alec alexander alexandre
    alfred alice amelia amy andre andrew andy angela ann anna anne antoine anton antonio
    aretha arnold arthur audrey ayrton barack barbara ben benito benjamin bernard bill
    billie billy bob bobby boris brad bram bruce buddy carl carlos caroline catherine cecil
    charles charlie charlotte chris christian christine christopher claude cristiano dan
    daniel david dean diana diego dmitri dolly donald dorothy edgar edmund edouard edvard
    edward edwin eleanor elizabeth ella elton elvis emily emmeline enrico erik ernest
    ernesto eva ferdinand fidel florence francis francisco frank franklin franz frederick
    frida friedrich fyodor gabriel geoffrey george georges georgia gerald giuseppe grace
    gregor greta gustav hannah hans harold harriet harry helen henri henrik henry herbert
    hillary howard hugh igor indira isaac isabella ivan jack jacques james jane janet janis
    jean jeff jennifer jesse jim jimi jimmy joan johann johannes john johnny jonathan jose
    josef joseph judy jules julia julian julius justin karl kate katherine kurt lance larry
    lenny leo leon leonard leonardo leonhard leonid lewis linus lionel louis louisa lucy
    ludwig luis malcolm marco margaret maria marie mark martin mary maurice max michael
    michel michelle mikhail miles muhammad neil napoleon nelson neville niccolo nicolaus
    niels nikola
    nikolai noel norman oliver orson oscar otto pablo paul pedro percy pete peter philip
    pierre pyotr rafael ralph ray raymond rene richard rita roald robert roger ronald rosa
    rosalind roy rudolf rudyard ruth salvador sam samuel sandro sarah serena sergei sigmund
    simon sophia stanley stephen steve steven susan sylvia ted theodore thomas tim timothy
    tom tony ulysses usain vasco victor victoria vincent virginia vladimir walt walter
    warren wilbur william winston wolfgang woody yuri
    """
)
TITLES = _words(
    """
    sir dame king queen saint st president general captain doctor dr lord lady emperor empress
    pope prince princess tsar czar sultan pharaoh mr mrs ms miss mister admiral professor
    """
)
PARTICLES = _words("da de di van von der den del della du la le mac mc al el bin ibn ten ter")
# Words that name the kind of place, not the place: "Mount", "Ocean", "Tower".
GENERIC = _words(
    """
    mount mt mountain ocean sea lake river tower bridge island isle bay gulf desert cape fall
    canal strait peninsula volcano glacier canyon valley forest cathedral palace castle abbey
    temple museum square street park stadium building church basilica range reef channel
    waterfall plateau city
    """
)
# Words too weak to be the distinctive part on their own ("Great Wall", "Red Sea").
WEAK = _words(
    """
    great big little north south east west northern southern eastern western new old red black
    white dead yellow blue green grand upper lower central royal national united high long of
    and st saint
    """
)
# Words that may sit next to an answer without changing it: "the planet Jupiter".
DESCRIPTORS = _words(
    """
    planet country city town capital river mountain band group composer painter artist writer
    author poet king queen president mister mr sir saint doctor professor general state island
    element gas metal film movie song album book novel play opera game team club animal bird
    fish language named called word instrument dance sport
    """
)
# Units that may follow a number without changing it: "fifty percent" for 50%.
UNITS = _words(
    """
    percent degree year old century metre meter kilometre kilometer km mile foot feet inch
    kilogram kg gram pound ton tonne minute hour day week month dollar euro cent people player
    time leg side string key moon bone tooth teeth
    """
)
