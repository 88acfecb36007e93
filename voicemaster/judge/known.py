"""A small knowledge list of real names: countries, capitals, US states, continents, seas,
former country names, planets, chemical elements.

A spoken answer that is exactly one of these names, and not the card's answer, names a
different real thing: it is wrong, not a mishearing worth a "Did you say ...?" ("Australia"
for Austria, "Slovenia" for Slovakia, "Neptune" for neptunium), even when no card of the deck
competes with it.  Names separated by "|" are spellings of one thing ("Kyiv|Kiev"), so one
is right for the other; former names (Burma, Holland) are things of their own.
"""

from __future__ import annotations

from voicemaster.judge.text import compact, tokens

_COUNTRIES = """
afghanistan, albania, algeria, andorra, angola, antigua and barbuda, argentina, armenia,
australia, austria, azerbaijan, bahamas, bahrain, bangladesh, barbados, belarus, belgium,
belize, benin, bhutan, bolivia, bosnia and herzegovina, botswana, brazil, brunei,
bulgaria, burkina faso, burundi, cambodia, cameroon, canada, cape verde|cabo verde,
central african republic, chad, chile, china, colombia, comoros, congo, costa rica,
croatia, cuba, cyprus, czech republic|czechia, denmark, djibouti, dominica,
dominican republic, ecuador, egypt, el salvador, equatorial guinea, eritrea, estonia,
eswatini, ethiopia, fiji, finland, france, gabon, gambia, georgia, germany, ghana,
greece, grenada, guatemala, guinea, guinea bissau, guyana, haiti, honduras, hungary,
iceland, india, indonesia, iran, iraq, ireland, israel, italy,
ivory coast|cote divoire, jamaica, japan, jordan, kazakhstan, kenya, kiribati, kosovo,
kuwait, kyrgyzstan, laos, latvia, lebanon, lesotho, liberia, libya, liechtenstein,
lithuania, luxembourg, madagascar, malawi, malaysia, maldives, mali, malta,
marshall islands, mauritania, mauritius, mexico, micronesia, moldova, monaco, mongolia,
montenegro, morocco, mozambique, myanmar, namibia, nauru, nepal,
netherlands, new zealand, nicaragua, niger, nigeria, north korea,
north macedonia, norway, oman, pakistan, palau, palestine, panama,
papua new guinea, paraguay, peru, philippines, poland, portugal, qatar, romania|rumania,
russia, rwanda, saint kitts and nevis, saint lucia, saint vincent and the grenadines,
samoa, san marino, sao tome and principe, saudi arabia, senegal, serbia, seychelles,
sierra leone, singapore, slovakia, slovenia, solomon islands, somalia, south africa,
south korea, south sudan, spain, sri lanka, sudan, suriname, sweden, switzerland,
syria, taiwan, tajikistan, tanzania, thailand, east timor|timor leste, togo, tonga,
trinidad and tobago, tunisia, turkey|turkiye, turkmenistan, tuvalu, uganda, ukraine,
united arab emirates, united kingdom, united states|united states of america|usa,
uruguay, uzbekistan, vanuatu, vatican city, venezuela, vietnam, yemen, zambia,
zimbabwe, greenland, england, scotland, wales, northern ireland, puerto rico
"""
_CAPITALS = """
kabul, tirana, algiers, andorra la vella, luanda, buenos aires, yerevan, canberra, vienna,
baku, nassau, manama, dhaka, bridgetown, minsk, brussels, belmopan, porto novo, thimphu,
la paz, sucre, sarajevo, gaborone, brasilia, bandar seri begawan, sofia, ouagadougou,
gitega, phnom penh, yaounde, ottawa, praia, bangui, ndjamena, santiago, beijing,
bogota, moroni, brazzaville, kinshasa, san jose, zagreb, havana, nicosia, prague,
copenhagen, roseau, santo domingo, quito, cairo, san salvador, malabo, asmara, tallinn,
mbabane, addis ababa, suva, helsinki, paris, libreville, banjul, tbilisi, berlin, accra,
athens, guatemala city, conakry, bissau, georgetown, port au prince, tegucigalpa,
budapest, reykjavik, new delhi|delhi, jakarta, tehran, baghdad, dublin, jerusalem, rome,
yamoussoukro, kingston, tokyo, amman, astana, nairobi, tarawa, pristina, kuwait city,
bishkek, vientiane, riga, beirut, maseru, monrovia, tripoli, vaduz, vilnius, antananarivo,
lilongwe, kuala lumpur, male, bamako, valletta, majuro, nouakchott, port louis,
mexico city, palikir, chisinau, ulaanbaatar|ulan bator, podgorica, rabat, maputo,
naypyidaw, windhoek, kathmandu, amsterdam, wellington, managua, niamey, abuja, pyongyang,
skopje, oslo, muscat, islamabad, ngerulmud, panama city, port moresby, asuncion, lima,
manila, warsaw, lisbon, doha, bucharest, moscow, kigali, basseterre, castries, kingstown,
apia, sao tome, riyadh, dakar, belgrade, victoria, freetown, bratislava, ljubljana,
honiara, mogadishu, pretoria, cape town, seoul, juba, madrid, colombo, khartoum,
paramaribo, stockholm, bern, damascus, taipei, dushanbe, dodoma, bangkok, dili, lome,
nukualofa, port of spain, tunis, ankara, ashgabat, funafuti, kampala, kyiv|kiev, abu dhabi,
london, washington dc, montevideo, tashkent, port vila, caracas, hanoi, sanaa, lusaka, harare,
edinburgh, cardiff, belfast, nuuk
"""
_STATES = """
alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware, florida,
hawaii, idaho, illinois, indiana, iowa, kansas, kentucky, louisiana, maine, maryland,
massachusetts, michigan, minnesota, mississippi, missouri, montana, nebraska, nevada,
new hampshire, new jersey, new mexico, new york, north carolina, north dakota, ohio,
oklahoma, oregon, pennsylvania, rhode island, south carolina, south dakota, tennessee,
texas, utah, vermont, virginia, west virginia, wisconsin, wyoming
"""
_CONTINENTS = "africa, antarctica, asia, europe, north america, south america, oceania"
_SEAS = """
pacific ocean|pacific, atlantic ocean|atlantic, indian ocean, arctic ocean|arctic,
southern ocean, mediterranean sea|mediterranean, red sea, dead sea, black sea,
caspian sea|caspian, north sea, baltic sea|baltic, caribbean sea|caribbean, arabian sea,
south china sea, east china sea, yellow sea, aral sea, adriatic sea|adriatic,
aegean sea|aegean, irish sea, white sea, sargasso sea, coral sea, tasman sea, bering sea,
sea of japan, gulf of mexico, persian gulf
"""
# Former names are things of their own: "Swaziland" is no slip for Switzerland, and whether
# it is right for Eswatini is the card's `accept` to say.
_FORMER = """
burma, swaziland, persia, siam, ceylon, holland, zaire, rhodesia, formosa, abyssinia,
kampuchea, upper volta, dahomey, macedonia, soviet union|ussr, yugoslavia, czechoslovakia,
prussia, east germany, west germany, constantinople, bombay, peking, saigon
"""
_PLANETS = "mercury, venus, earth, mars, jupiter, saturn, uranus, neptune, pluto"
_ELEMENTS = """
hydrogen, helium, lithium, beryllium, boron, carbon, nitrogen, oxygen, fluorine, neon,
sodium, magnesium, aluminium|aluminum, silicon, phosphorus, sulfur|sulphur, chlorine,
argon, potassium, calcium, scandium, titanium, vanadium, chromium, manganese, iron,
cobalt, nickel, copper, zinc, gallium, germanium, arsenic, selenium, bromine, krypton,
rubidium, strontium, yttrium, zirconium, niobium, molybdenum, technetium, ruthenium,
rhodium, palladium, silver, cadmium, indium, tin, antimony, tellurium, iodine, xenon,
caesium|cesium, barium, lanthanum, cerium, praseodymium, neodymium, promethium, samarium,
europium, gadolinium, terbium, dysprosium, holmium, erbium, thulium, ytterbium, lutetium,
hafnium, tantalum, tungsten, rhenium, osmium, iridium, platinum, gold, mercury,
thallium, lead, bismuth, polonium, astatine, radon, francium, radium, actinium, thorium,
protactinium, uranium, neptunium, plutonium, americium, curium, berkelium, californium,
einsteinium, fermium, mendelevium, nobelium, lawrencium, rutherfordium, dubnium,
seaborgium, bohrium, hassium, meitnerium, darmstadtium, roentgenium, copernicium,
nihonium, flerovium, moscovium, livermorium, tennessine, oganesson
"""


def _key(name: str) -> str:
    return compact(tokens(name, key=True))


def _build() -> dict[str, str]:
    """Each name's compact form -> the first name of its line (what it is)."""
    known: dict[str, str] = {}
    blocks = (_COUNTRIES, _CAPITALS, _STATES, _CONTINENTS, _SEAS, _FORMER, _PLANETS, _ELEMENTS)
    for block in blocks:
        for entry in block.replace("\n", " ").split(","):
            names = [n.strip() for n in entry.split("|") if n.strip()]
            for name in names:
                known.setdefault(_key(name), _key(names[0]))
    return known


KNOWN: dict[str, str] = _build()


def known_thing(compact_text: str) -> str | None:
    """What a name is, if it is on the list ("kiev" -> "kyiv"), else None."""
    return KNOWN.get(compact_text)
