"""Word lists for names and places: given names, titles, surname particles, generic words."""

from __future__ import annotations

from voicemaster.judge.text import singular


def _words(text: str) -> frozenset[str]:
    """The words as the normaliser leaves them (singular: "charles" -> "charle")."""
    return frozenset(singular(w) for w in text.split())


# Given names common in quiz answers (people of history, arts, science, sport, politics).
FIRST_NAMES = _words(
    """
    aaron abigail abraham ada adam adolf adrian agatha agnes aidan al alain alan albert
    alberto alec alessandro alexander alexandra alexandre alexei alfonso alfred ali alice
    alicia allen amanda amber amelia amy anders andre andrea andrei andres andrew andy
    angela angelina angus anita ann anna anne anthony antoine anton antonin antonio aretha
    arne arnold arthur arturo astrid audrey augusto axel ayrton barack barbara barry
    beatrice ben benedict benito benjamin bernadette bernard bertrand bette betty bill
    billie billy bjorn blaise bob bobby boris boyd brad bram brendan brian brigitte bruce
    bruno bryan buddy caleb camille carl carla carlos carmen carol caroline carolyn cassius
    cate catherine cathy cecil celine cesar chad charles charlie charlize charlotte chester
    chris christian christine christopher chuck clara clarence claude claudia clint colin
    conrad craig cristiano cynthia dale damian damon dan daniel daphne darren dave david
    dean debbie denis dennis derek desmond dexter diana dick diego dietrich dirk dmitri
    dolly dolores dominic don donald donna doris dorothy douglas dustin dwight earl ed eddie
    edgar edith edmond edmund edouard eduardo edvard edward edwin eleanor elena eli elijah
    elise elizabeth ella ellen elsa elton elvis emil emile emily emma emmeline enrico enzo
    eric erik ernest ernesto ernst esther ethan eugene eva evan evelyn ewan fabio federico
    felix ferdinand fernando fidel fiona flora florence floyd frances francesca francis
    francisco francois frank franklin franz freddie freddy frederic frederick frida
    friedrich fritz fyodor gabriel gabriela gareth gary gene geoffrey george georges georgia
    gerald geraldine gerard gerhard gertrude gianni gilbert gillian gina giorgio giovanni
    giuseppe glen glenn gloria gordon grace graham greg gregor gregory greta guido guillaume
    gunther gustav gustave guy hank hannah hans harold harriet harrison harry harvey hector
    heidi heinrich helen helena helmut henri henrik henry herbert herman hermann hillary
    horace howard hugh hugo humphrey ian igor indira ingrid irene iris isaac isabel isabella
    ivan jack jackie jacob jacques jake james jan jane janet janis jason javier jay jean
    jeanne jeff jennifer jeremy jerome jerry jesse jessica jill jim jimi jimmy jo joachim
    joan joanna joanne joe joel johan johann johannes john johnny jon jonathan jorge jose
    josef joseph juan judith judy jules julia julian julie juliet julius june justin karen
    karl kate katharine katherine kathleen keith ken kenneth kevin kim kirk klaus kurt kyle
    lance larry laura lauren lenny leo leon leonard leonardo leonhard leonid leonie leslie
    lewis lily linda linus lionel lisa liz lorenzo lou louis louisa louise luca lucas
    luciano lucy ludwig luigi luis luke lyndon mahatma malcolm manuel marc marcel marco
    marcus margaret margot maria marian marie marilyn mario marion mark marlon martha martin
    martina marvin mary matt matthew maurice maurizio max maxwell meg megan mel melanie
    meryl michael michel michelle mick miguel mike mikhail mildred miles milton miriam
    mitchell molly monica morgan moses muhammad nancy naomi napoleon natalie nathan
    nathaniel ned neil nelson neville niccolo nicholas nick nicolaus nicole niels nigel
    nikola nikolai nina noah noel nora norman olga oliver olivia omar orson orville oscar
    otto owen pablo paolo pat patricia patrick paul paula pauline pedro peggy penelope percy
    pete peter phil philip philippe phoebe pierce pierre pyotr quentin rachel rafael ralph
    randy raphael ray raymond rebecca reginald rene renee rex ricardo richard rick ricky
    rita roald rob robbie robert roberto robin rod rodney roger roland romeo ron ronald rosa
    rosalind rosie ross rowan roy ruby rudolf rudy rudyard rupert russell ruth ryan sally
    salvador sam samantha samuel sandra sandro santiago sara sarah scarlett scott sean
    sebastian serena serge sergei sergio seth shane sharon sheila shirley sid sidney sigmund
    silvio simon simone sofia sonia sophia spencer stan stanley stella stephen steve steven
    stuart sue susan sven sydney sylvia tatiana ted teddy teresa terry thelma theodore theresa
    thomas tim timothy tina toby todd tom tommy tony tracy travis trevor tyler ulysses
    umberto ursula usain valentina valerie vasco vera vernon veronica vic vicky victor
    victoria viktor vince vincent viola virgil virginia vivien vladimir wallace walt walter
    warren wayne wendy wilbur wilfred will willem william willie wilma winifred winston
    wolfgang woody xavier yoko yuri yves zachary zoe
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
