/**
 * Country names for the ISO 3166-1 alpha-3 codes Search Console reports countries by ('grc',
 * 'deu'; 'zzz' when Google cannot tell). The browser names the country from its alpha-2 code
 * (Intl.DisplayNames), so only the code pairs are kept here: alpha-3 in lower case, then alpha-2.
 */
/** The dimension the semantic models keep ISO alpha-3 country codes in (decision 193). */
export const COUNTRY = 'country';

const PAIRS =
  'afgAF alaAX albAL dzaDZ asmAS andAD agoAO aiaAI ataAQ atgAG argAR armAM abwAW ausAU autAT azeAZ ' +
  'bhsBS bhrBH bgdBD brbBB blrBY belBE blzBZ benBJ bmuBM btnBT bolBO besBQ bihBA bwaBW bvtBV braBR ' +
  'iotIO brnBN bgrBG bfaBF bdiBI cpvCV khmKH cmrCM canCA cymKY cafCF tcdTD chlCL chnCN cxrCX cckCC ' +
  'colCO comKM cogCG codCD cokCK criCR civCI hrvHR cubCU cuwCW cypCY czeCZ dnkDK djiDJ dmaDM domDO ' +
  'ecuEC egyEG slvSV gnqGQ eriER estEE swzSZ ethET flkFK froFO fjiFJ finFI fraFR gufGF pyfPF atfTF ' +
  'gabGA gmbGM geoGE deuDE ghaGH gibGI grcGR grlGL grdGD glpGP gumGU gtmGT ggyGG ginGN gnbGW guyGY ' +
  'htiHT hmdHM vatVA hndHN hkgHK hunHU islIS indIN idnID irnIR irqIQ irlIE imnIM isrIL itaIT jamJM ' +
  'jpnJP jeyJE jorJO kazKZ kenKE kirKI prkKP korKR kwtKW kgzKG laoLA lvaLV lbnLB lsoLS lbrLR lbyLY ' +
  'lieLI ltuLT luxLU macMO mkdMK mdgMG mwiMW mysMY mdvMV mliML mltMT mhlMH mtqMQ mrtMR musMU mytYT ' +
  'mexMX fsmFM mdaMD mcoMC mngMN mneME msrMS marMA mozMZ mmrMM namNA nruNR nplNP nldNL nclNC nzlNZ ' +
  'nicNI nerNE ngaNG niuNU nfkNF mnpMP norNO omnOM pakPK plwPW psePS panPA pngPG pryPY perPE phlPH ' +
  'pcnPN polPL prtPT priPR qatQA reuRE rouRO rusRU rwaRW blmBL shnSH knaKN lcaLC mafMF spmPM vctVC ' +
  'wsmWS smrSM stpST sauSA senSN srbRS sycSC sleSL sgpSG sxmSX svkSK svnSI slbSB somSO zafZA sgsGS ' +
  'ssdSS espES lkaLK sdnSD surSR sjmSJ sweSE cheCH syrSY twnTW tjkTJ tzaTZ thaTH tlsTL tgoTG tklTK ' +
  'tonTO ttoTT tunTN turTR tkmTM tcaTC tuvTV ugaUG ukrUA areAE gbrGB usaUS umiUM uryUY uzbUZ vutVU ' +
  'venVE vnmVN vgbVG virVI wlfWF eshEH yemYE zmbZM zweZW xkkXK';

const ALPHA2: ReadonlyMap<string, string> = new Map(
  PAIRS.split(' ').map((pair) => [pair.slice(0, 3), pair.slice(3)] as const),
);

const KNOWN_ALPHA2: ReadonlySet<string> = new Set(ALPHA2.values());

let names: Intl.DisplayNames | null = null;

/**
 * 'grc' → 'Greece', and an alpha-2 code ('GR', as Google Play reports countries) too; 'zzz' →
 * 'Unknown region'; null for what is not a code we know.
 */
export function countryName(code: string): string | null {
  const lower = code.toLowerCase();
  if (lower === 'zzz') return 'Unknown region';
  const alpha2 =
    /^[a-z]{2}$/.test(lower) && KNOWN_ALPHA2.has(lower.toUpperCase())
      ? lower.toUpperCase()
      : ALPHA2.get(lower);
  if (alpha2 === undefined) return null;
  names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return names.of(alpha2) ?? null;
}
